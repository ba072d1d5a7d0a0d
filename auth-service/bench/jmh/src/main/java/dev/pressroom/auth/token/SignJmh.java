package dev.pressroom.auth.token;

import dev.pressroom.auth.jmh.ThreadCpu;
import dev.pressroom.auth.keys.JwsAlgorithm;
import dev.pressroom.auth.keys.SigningKey;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One RS256 signature (RSA-2048, SHA-256) over an ID token's signing input, by each signer of the service: OpenSSL 3
 * through the JNI library (libpressroom_rs256.so, the default) and the JDK's SunRsaSign (AUTH_SIGNER=jdk, the fallback).
 * The floor of every code exchange and refresh.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(3)
@Warmup(iterations = 4, time = 2)
@Measurement(iterations = 5, time = 2)
public class SignJmh {

    @Param({"openssl", "jdk"})
    String signer;

    private RsaSigner rsa;
    private SigningKey key;
    private final byte[] input =
            "eyJhbGciOiJSUzI1NiIsImtpZCI6ImsifQ.eyJpc3MiOiJodHRwOi8vMTI3LjAuMC4xOjgwODMiLCJzdWIiOiJ4In0"
                    .getBytes(StandardCharsets.US_ASCII);

    @Setup
    public void setUp() throws NoSuchAlgorithmException {
        key = newKey();
        rsa = signer.equals("openssl") ? OpenSslRsaSigner.load() : new JdkRsaSigner();
    }

    @TearDown
    public void tearDown() {
        rsa.close();
    }

    @Benchmark
    public byte[] sign(ThreadCpu cpu) {
        cpu.begin();
        try {
            return rsa.sign(key, input);
        } finally {
            cpu.end();
        }
    }

    static SigningKey newKey() throws NoSuchAlgorithmException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        KeyPair pair = generator.generateKeyPair();
        return new SigningKey("bench", JwsAlgorithm.RS256, pair.getPrivate(), pair.getPublic());
    }
}
