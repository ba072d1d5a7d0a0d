package dev.pressroom.auth.token;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.auth.jmh.ThreadCpu;
import dev.pressroom.auth.keys.SigningKey;
import io.smallrye.jwt.algorithm.SignatureAlgorithm;
import io.smallrye.jwt.build.Jwt;
import java.security.NoSuchAlgorithmException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
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
 * A whole ID token, claims to compact JWS (the 16 claims of a code exchange with openid profile email): the service's
 * path (Jackson and {@link Jws}) around the OpenSSL signer and around the JDK's, and SmallRye JWT Build (jose4j
 * over the JDK's SHA256withRSA), the library alternative (docs/decisions, RS256 through OpenSSL).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(3)
@Warmup(iterations = 4, time = 2)
@Measurement(iterations = 5, time = 2)
public class IdTokenJmh {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Param({"service-openssl", "service-jdk", "smallrye-jwt-build"})
    String path;

    private SigningKey key;
    private RsaSigner signer;
    private Jws jws;

    @Setup
    public void setUp() throws NoSuchAlgorithmException {
        key = SignJmh.newKey();
        switch (path) {
            case "service-openssl" -> signer = OpenSslRsaSigner.load();
            case "service-jdk" -> signer = new JdkRsaSigner();
            case "smallrye-jwt-build" -> signer = null;
            default -> throw new IllegalArgumentException(path);
        }
        jws = signer == null ? null : new Jws(signer);
    }

    @TearDown
    public void tearDown() {
        if (signer != null) {
            signer.close();
        }
    }

    @Benchmark
    public String idToken(ThreadCpu cpu) throws JsonProcessingException {
        cpu.begin();
        try {
            return build();
        } finally {
            cpu.end();
        }
    }

    private String build() throws JsonProcessingException {
        if (jws != null) {
            return jws.sign(key, JSON.writeValueAsBytes(claims()));
        }
        return Jwt.claims(claims())
                .jws()
                .keyId(key.kid())
                .algorithm(SignatureAlgorithm.RS256)
                .header("typ", "JWT")
                .sign(key.privateKey());
    }

    /** IdTokenGenerator's claims for a code exchange with openid profile email. */
    private static Map<String, Object> claims() {
        long now = System.currentTimeMillis() / 1000;
        Map<String, Object> claims = new LinkedHashMap<>();
        claims.put("sub", "5f0c3a4e-8d0b-4e53-9f7a-0c1d2e3f4a5b");
        claims.put("name", "Ada Lovelace");
        claims.put("updated_at", now - 86_400);
        claims.put("email", "ada@example.org");
        claims.put("email_verified", true);
        claims.put("iss", "https://accounts.example.org");
        claims.put("aud", "pressroom-web");
        claims.put("iat", now);
        claims.put("exp", now + 3600);
        claims.put("jti", UUID.randomUUID().toString());
        claims.put("auth_time", now - 60);
        claims.put("amr", List.of("pwd"));
        claims.put("sid", "s-0123456789abcdef");
        claims.put("azp", "pressroom-web");
        claims.put("at_hash", "Q1e3uVK0hXSaD4wq8Ts8Vg");
        claims.put("nonce", "n-0S6_WzA2Mj");
        return claims;
    }
}
