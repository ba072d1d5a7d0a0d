package dev.pressroom.auth.token;

import dev.pressroom.auth.keys.SigningKey;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;

/**
 * RS256 (RSA-2048, SHA-256) signing cost on one core with each signer of the service: the floor of every code
 * exchange and refresh. In the service's package, so bench/run.sh compiles it against target/classes
 * (javac -cp auth-service/target/classes) and runs it with the built library.
 */
public class SignBench {
    public static void main(String[] args) throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        KeyPair pair = generator.generateKeyPair();
        SigningKey key = new SigningKey("bench", (RSAPrivateKey) pair.getPrivate(), (RSAPublicKey) pair.getPublic());
        byte[] data = "eyJhbGciOiJSUzI1NiIsImtpZCI6ImsifQ.eyJpc3MiOiJodHRwOi8vMTI3LjAuMC4xOjgwODMiLCJzdWIiOiJ4In0".getBytes();
        try (RsaSigner jdk = new JdkRsaSigner()) {
            report(jdk, key, data);
        }
        try (RsaSigner openssl = OpenSslRsaSigner.load()) {
            report(openssl, key, data);
        } catch (IllegalStateException e) {
            System.out.println("RESULT openssl: not available (" + e.getMessage() + ")");
        }
    }

    private static void report(RsaSigner signer, SigningKey key, byte[] data) {
        for (int i = 0; i < 2000; i++) {
            signer.sign(key, data);
        }
        int n = 3000;
        long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            signer.sign(key, data);
        }
        double ms = (System.nanoTime() - start) / 1e6 / n;
        System.out.printf("RESULT %s: rs256_sign_ms=%.3f rs256_signs_per_s_per_core=%.0f%n", signer.name(), ms, 1000 / ms);
    }
}
