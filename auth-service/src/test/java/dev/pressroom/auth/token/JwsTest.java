package dev.pressroom.auth.token;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.crypto.factories.DefaultJWSVerifierFactory;
import com.nimbusds.jose.jwk.AsymmetricJWK;
import com.nimbusds.jose.jwk.JWK;
import dev.pressroom.auth.keys.JwsAlgorithm;
import dev.pressroom.auth.keys.SigningKey;
import dev.pressroom.auth.support.TestKeys;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The hand-rolled JWS with each algorithm (RS256 with each RSA signer), checked by an independent JOSE library
 * (Nimbus JOSE+JWT) against the key's published JWK, as a relying party checks it.
 */
class JwsTest {

    private static final String CLAIMS = "{\"sub\":\"a\",\"iss\":\"http://127.0.0.1:8083\",\"name\":\"Zoë\"}";
    private static final Map<JwsAlgorithm, SigningKey> KEYS = new EnumMap<>(JwsAlgorithm.class);
    private static final Map<JwsAlgorithm, SigningKey> OTHERS = new EnumMap<>(JwsAlgorithm.class);

    @BeforeAll
    static void keys() throws Exception {
        for (JwsAlgorithm alg : JwsAlgorithm.values()) {
            KEYS.put(alg, TestKeys.generate("2026-01-01-a", alg));
            OTHERS.put(alg, TestKeys.generate("2026-01-02-b", alg));
        }
    }

    private static Jws jws(String signer) {
        return new Jws("openssl".equals(signer) ? OpenSslAvailable.signer() : new JdkRsaSigner());
    }

    @ParameterizedTest
    @CsvSource({"RS256,jdk", "RS256,openssl", "PS256,jdk", "ES256,jdk"})
    void signWhenClaimsThenHeaderNamesAlgKidAndTyp(JwsAlgorithm alg, String signer) throws Exception {
        SigningKey key = KEYS.get(alg);
        String jws = jws(signer).sign(key, CLAIMS.getBytes(StandardCharsets.UTF_8));

        JsonNode header = new ObjectMapper().readTree(Base64.getUrlDecoder().decode(jws.split("\\.", -1)[0]));
        List<String> names = new java.util.ArrayList<>();
        header.fieldNames().forEachRemaining(names::add);
        assertThat(names).containsExactly("alg", "kid", "typ");
        assertThat(header.get("alg").asText()).isEqualTo(alg.name());
        assertThat(header.get("kid").asText()).isEqualTo(key.kid());
        assertThat(header.get("typ").asText()).isEqualTo("JWT");
    }

    @ParameterizedTest
    @CsvSource({"RS256,jdk", "RS256,openssl", "PS256,jdk", "ES256,jdk"})
    void signWhenVerifiedByNimbusWithThePublishedJwkThenValidAndPayloadUnchanged(JwsAlgorithm alg, String signer)
            throws Exception {
        SigningKey key = KEYS.get(alg);
        JWSObject parsed = JWSObject.parse(jws(signer).sign(key, CLAIMS.getBytes(StandardCharsets.UTF_8)));

        assertThat(parsed.verify(verifier(parsed, key))).isTrue();
        assertThat(parsed.getHeader().getAlgorithm()).isEqualTo(JWSAlgorithm.parse(alg.name()));
        assertThat(parsed.getPayload().toString()).isEqualTo(CLAIMS);
        assertThat(parsed.getHeader().getKeyID()).isEqualTo(key.kid());
    }

    @ParameterizedTest
    @CsvSource({"ES256,jdk"})
    void signWhenEs256ThenSignatureIsRAndSNotDer(JwsAlgorithm alg, String signer) {
        String jws = jws(signer).sign(KEYS.get(alg), CLAIMS.getBytes(StandardCharsets.UTF_8));

        // RFC 7518 §3.4: 64 octets; DER would start with 0x30 and run 70 to 72.
        assertThat(Base64.getUrlDecoder().decode(jws.split("\\.", -1)[2])).hasSize(64);
    }

    @ParameterizedTest
    @CsvSource({"RS256,jdk", "RS256,openssl", "PS256,jdk", "ES256,jdk"})
    void signWhenVerifiedWithAnotherKeyThenInvalid(JwsAlgorithm alg, String signer) throws Exception {
        JWSObject parsed = JWSObject.parse(jws(signer).sign(KEYS.get(alg), CLAIMS.getBytes(StandardCharsets.UTF_8)));

        assertThat(parsed.verify(verifier(parsed, OTHERS.get(alg)))).isFalse();
    }

    @ParameterizedTest
    @CsvSource({"RS256,jdk", "RS256,openssl", "PS256,jdk", "ES256,jdk"})
    void signWhenCalledFromManyThreadsThenEverySignatureValid(JwsAlgorithm alg, String signer) throws Exception {
        Jws jws = jws(signer);
        List<SigningKey> keys = List.of(KEYS.get(alg), OTHERS.get(alg));
        List<String> tokens = java.util.stream.IntStream.range(0, 64)
                .parallel()
                .mapToObj(i -> jws.sign(keys.get(i % 2), CLAIMS.getBytes(StandardCharsets.UTF_8)))
                .toList();
        for (int i = 0; i < tokens.size(); i++) {
            JWSObject parsed = JWSObject.parse(tokens.get(i));
            assertThat(parsed.verify(verifier(parsed, keys.get(i % 2)))).isTrue();
        }
    }

    /** Nimbus's verifier for the token's header and the key's public JWK, as published in the JWKS. */
    private static com.nimbusds.jose.JWSVerifier verifier(JWSObject token, SigningKey key) throws Exception {
        JWK jwk = JWK.parse(key.publicJwk());
        assertThat(jwk.getAlgorithm().getName()).isEqualTo(key.alg().name());
        return new DefaultJWSVerifierFactory()
                .createJWSVerifier(token.getHeader(), ((AsymmetricJWK) jwk).toPublicKey());
    }
}
