package dev.pressroom.auth.token;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.auth.keys.SigningKey;
import dev.pressroom.auth.support.TestKeys;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import org.jose4j.jwa.AlgorithmConstraints;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The hand-rolled RS256 JWS, checked by an independent JOSE library (jose4j). */
class Rs256JwsTest {

    private static final String CLAIMS = "{\"sub\":\"a\",\"iss\":\"http://127.0.0.1:8083\",\"name\":\"Zoë\"}";
    private static SigningKey key;
    private static SigningKey other;

    @BeforeAll
    static void keys() throws Exception {
        key = TestKeys.generate("2026-01-01-a");
        other = TestKeys.generate("2026-01-02-b");
    }

    @Test
    void signWhenClaimsThenHeaderNamesAlgKidAndTyp() throws Exception {
        String jws = Rs256Jws.sign(key, CLAIMS.getBytes(StandardCharsets.UTF_8));

        JsonNode header = new ObjectMapper().readTree(Base64.getUrlDecoder().decode(jws.split("\\.")[0]));
        List<String> names = new java.util.ArrayList<>();
        header.fieldNames().forEachRemaining(names::add);
        assertThat(names).containsExactly("alg", "kid", "typ");
        assertThat(header.get("alg").asText()).isEqualTo("RS256");
        assertThat(header.get("kid").asText()).isEqualTo(key.kid());
        assertThat(header.get("typ").asText()).isEqualTo("JWT");
    }

    @Test
    void signWhenVerifiedByJose4jThenSignatureValidAndPayloadUnchanged() throws Exception {
        JsonWebSignature verifier = verifier(Rs256Jws.sign(key, CLAIMS.getBytes(StandardCharsets.UTF_8)));
        verifier.setKey(key.publicKey());

        assertThat(verifier.verifySignature()).isTrue();
        assertThat(verifier.getPayload()).isEqualTo(CLAIMS);
        assertThat(verifier.getKeyIdHeaderValue()).isEqualTo(key.kid());
    }

    @Test
    void signWhenVerifiedWithAnotherKeyThenInvalid() throws Exception {
        JsonWebSignature verifier = verifier(Rs256Jws.sign(key, CLAIMS.getBytes(StandardCharsets.UTF_8)));
        verifier.setKey(other.publicKey());

        assertThat(verifier.verifySignature()).isFalse();
    }

    @Test
    void signWhenCalledFromManyThreadsThenEverySignatureValid() throws Exception {
        List<String> tokens = java.util.stream.IntStream.range(0, 64).parallel()
                .mapToObj(i -> Rs256Jws.sign(i % 2 == 0 ? key : other, CLAIMS.getBytes(StandardCharsets.UTF_8)))
                .toList();
        for (int i = 0; i < tokens.size(); i++) {
            JsonWebSignature verifier = verifier(tokens.get(i));
            verifier.setKey((i % 2 == 0 ? key : other).publicKey());
            assertThat(verifier.verifySignature()).isTrue();
        }
    }

    private static JsonWebSignature verifier(String jws) throws Exception {
        JsonWebSignature verifier = new JsonWebSignature();
        verifier.setAlgorithmConstraints(new AlgorithmConstraints(AlgorithmConstraints.ConstraintType.PERMIT,
                AlgorithmIdentifiers.RSA_USING_SHA256));
        verifier.setCompactSerialization(jws);
        return verifier;
    }
}
