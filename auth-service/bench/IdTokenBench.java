package dev.pressroom.auth.token;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.auth.keys.SigningKey;
import io.smallrye.jwt.algorithm.SignatureAlgorithm;
import io.smallrye.jwt.build.Jwt;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * A whole ID token, claims to compact JWS, built the service's way (Jackson and {@link Rs256Jws} around the OpenSSL
 * or the JDK signer) and by SmallRye JWT Build ({@code Jwt.claims(...).jws().sign(key)}, jose4j over the JDK's
 * SHA256withRSA): CPU per token on one core, the cost each code exchange and refresh pays. Run by hand (bench/README
 * in RESULTS.md, 2026-11-24 entry): it needs smallrye-jwt-build and MicroProfile Config on the class path.
 */
public class IdTokenBench {

    public static void main(String[] args) throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        KeyPair pair = generator.generateKeyPair();
        SigningKey key = new SigningKey("bench", (RSAPrivateKey) pair.getPrivate(), (RSAPublicKey) pair.getPublic());
        ObjectMapper json = new ObjectMapper();
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        for (int round = 0; round < rounds; round++) {
            try (RsaSigner openssl = OpenSslRsaSigner.load()) {
                Rs256Jws jws = new Rs256Jws(openssl);
                report("service path, OpenSSL signer", () -> jws.sign(key, bytes(json, claims())));
            } catch (IllegalStateException e) {
                System.out.println("RESULT openssl: not available (" + e.getMessage() + ")");
            }
            try (RsaSigner jdk = new JdkRsaSigner()) {
                Rs256Jws jws = new Rs256Jws(jdk);
                report("service path, JDK signer", () -> jws.sign(key, bytes(json, claims())));
            }
            report("SmallRye JWT Build (jose4j, JDK)", () -> Jwt.claims(claims())
                    .jws()
                    .keyId(key.kid())
                    .algorithm(SignatureAlgorithm.RS256)
                    .header("typ", "JWT")
                    .sign(key.privateKey()));
        }
    }

    private static byte[] bytes(ObjectMapper json, Map<String, Object> claims) {
        try {
            return json.writeValueAsBytes(claims);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The claims of a code exchange with openid profile email (IdTokenGenerator's set). */
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

    private static void report(String name, Supplier<String> token) {
        for (int i = 0; i < 2000; i++) {
            token.get();
        }
        var bean = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        int n = 3000;
        long cpu = bean.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            token.get();
        }
        double wallMs = (System.nanoTime() - start) / 1e6 / n;
        double cpuMs = (bean.getCurrentThreadCpuTime() - cpu) / 1e6 / n;
        System.out.printf("RESULT %s: id_token_cpu_ms=%.3f wall_ms=%.3f%n", name, cpuMs, wallMs);
    }
}
