package dev.pressroom.auth.token;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.crypto.RSASSAVerifier;
import dev.pressroom.auth.keys.SigningKey;
import dev.pressroom.auth.support.TestKeys;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The hand-rolled RS256 JWS with each signer, checked by an independent JOSE library (Nimbus JOSE+JWT). */
class Rs256JwsTest {

    private static final String CLAIMS = "{\"sub\":\"a\",\"iss\":\"http://127.0.0.1:8083\",\"name\":\"Zoë\"}";
    private static SigningKey key;
    private static SigningKey other;

    @BeforeAll
    static void keys() throws Exception {
        key = TestKeys.generate("2026-01-01-a");
        other = TestKeys.generate("2026-01-02-b");
    }

    private static Rs256Jws jws(String signer) {
        return new Rs256Jws("openssl".equals(signer) ? OpenSslAvailable.signer() : new JdkRsaSigner());
    }

    @ParameterizedTest
    @ValueSource(strings = {"jdk", "openssl"})
    void signWhenClaimsThenHeaderNamesAlgKidAndTyp(String signer) throws Exception {
        String jws = jws(signer).sign(key, CLAIMS.getBytes(StandardCharsets.UTF_8));

        JsonNode header = new ObjectMapper().readTree(Base64.getUrlDecoder().decode(jws.split("\\.", -1)[0]));
        List<String> names = new java.util.ArrayList<>();
        header.fieldNames().forEachRemaining(names::add);
        assertThat(names).containsExactly("alg", "kid", "typ");
        assertThat(header.get("alg").asText()).isEqualTo("RS256");
        assertThat(header.get("kid").asText()).isEqualTo(key.kid());
        assertThat(header.get("typ").asText()).isEqualTo("JWT");
    }

    @ParameterizedTest
    @ValueSource(strings = {"jdk", "openssl"})
    void signWhenVerifiedByNimbusThenSignatureValidAndPayloadUnchanged(String signer) throws Exception {
        JWSObject parsed = JWSObject.parse(jws(signer).sign(key, CLAIMS.getBytes(StandardCharsets.UTF_8)));

        assertThat(parsed.verify(new RSASSAVerifier(key.publicKey()))).isTrue();
        assertThat(parsed.getHeader().getAlgorithm()).isEqualTo(JWSAlgorithm.RS256);
        assertThat(parsed.getPayload().toString()).isEqualTo(CLAIMS);
        assertThat(parsed.getHeader().getKeyID()).isEqualTo(key.kid());
    }

    @ParameterizedTest
    @ValueSource(strings = {"jdk", "openssl"})
    void signWhenVerifiedWithAnotherKeyThenInvalid(String signer) throws Exception {
        JWSObject parsed = JWSObject.parse(jws(signer).sign(key, CLAIMS.getBytes(StandardCharsets.UTF_8)));

        assertThat(parsed.verify(new RSASSAVerifier(other.publicKey()))).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"jdk", "openssl"})
    void signWhenCalledFromManyThreadsThenEverySignatureValid(String signer) throws Exception {
        Rs256Jws jws = jws(signer);
        List<String> tokens = java.util.stream.IntStream.range(0, 64)
                .parallel()
                .mapToObj(i -> jws.sign(i % 2 == 0 ? key : other, CLAIMS.getBytes(StandardCharsets.UTF_8)))
                .toList();
        for (int i = 0; i < tokens.size(); i++) {
            JWSObject parsed = JWSObject.parse(tokens.get(i));
            assertThat(parsed.verify(new RSASSAVerifier((i % 2 == 0 ? key : other).publicKey())))
                    .isTrue();
        }
    }
}
