package dev.pressroom.auth.keys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pressroom.auth.support.TestKeys;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Which key signs and which are published, from the key files and their recorded states. */
class SigningKeysTest {

    private static SigningKey a;
    private static SigningKey b;

    @BeforeAll
    static void keys() throws Exception {
        a = TestKeys.generate("2026-01-01-a");
        b = TestKeys.generate("2026-06-01-b");
    }

    @Test
    void ringWhenNoStatesThenGreatestKidSignsAndAllPublished() {
        SigningKeys.Ring ring = SigningKeys.ring(List.of(a, b), Map.of());
        assertThat(ring.signing().get(JwsAlgorithm.RS256).kid()).isEqualTo(b.kid());
        assertThat(ring.published()).extracting(SigningKey::kid).containsExactly(a.kid(), b.kid());
    }

    @Test
    void ringWhenNewKeyOnlyPublishedThenOldKeyKeepsSigning() {
        SigningKeys.Ring ring = SigningKeys.ring(List.of(a, b), Map.of(a.kid(), "active", b.kid(), "published"));
        assertThat(ring.signing().get(JwsAlgorithm.RS256).kid()).isEqualTo(a.kid());
        assertThat(ring.published()).hasSize(2);
    }

    @Test
    void ringWhenRetiredThenNotPublished() {
        SigningKeys.Ring ring = SigningKeys.ring(List.of(a, b), Map.of(a.kid(), "retired", b.kid(), "active"));
        assertThat(ring.published()).extracting(SigningKey::kid).containsExactly(b.kid());
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> jwks = (List<Map<String, Object>>) ring.jwks().get("keys");
        assertThat(jwks).singleElement().satisfies(jwk -> {
            assertThat(jwk)
                    .containsKeys("kty", "kid", "use", "alg", "n", "e")
                    .doesNotContainKeys("d", "p", "q", "dp", "dq", "qi");
            assertThat(jwk.get("alg")).isEqualTo("RS256");
        });
    }

    @Test
    void ringWhenEveryKeyRetiredOrNoneThenRefusesToStart() {
        assertThatThrownBy(() -> SigningKeys.ring(List.of(a), Map.of(a.kid(), "retired")))
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> SigningKeys.ring(List.of(), Map.of())).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void ringWhenKeysOfSeveralAlgorithmsThenOneSignsPerAlgorithmAndAllArePublished() throws Exception {
        SigningKey ps = TestKeys.generate("2026-01-01-p", JwsAlgorithm.PS256);
        SigningKey psNewer = TestKeys.generate("2026-06-01-p", JwsAlgorithm.PS256);
        SigningKey es = TestKeys.generate("2026-01-01-e", JwsAlgorithm.ES256);

        SigningKeys.Ring ring = SigningKeys.ring(List.of(a, b, ps, psNewer, es), Map.of(ps.kid(), "active"));

        assertThat(ring.signing())
                .containsEntry(JwsAlgorithm.RS256, b)
                .containsEntry(JwsAlgorithm.PS256, ps)
                .containsEntry(JwsAlgorithm.ES256, es);
        assertThat(ring.algorithms()).containsExactly("RS256", "PS256", "ES256");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> jwks = (List<Map<String, Object>>) ring.jwks().get("keys");
        assertThat(jwks)
                .extracting(jwk -> jwk.get("kid"))
                .containsExactly(a.kid(), b.kid(), ps.kid(), psNewer.kid(), es.kid());
        assertThat(jwks).extracting(jwk -> jwk.get("alg")).containsExactly("RS256", "RS256", "PS256", "PS256", "ES256");
        assertThat(jwks.get(4))
                .containsEntry("kty", "EC")
                .containsEntry("crv", "P-256")
                .containsEntry("use", "sig")
                .containsKeys("x", "y")
                .doesNotContainKey("d");
    }

    @Test
    void ringWhenOnlyRs256ThenOnlyRs256Signs() {
        assertThat(SigningKeys.ring(List.of(a), Map.of()).algorithms()).containsExactly("RS256");
    }

    @Test
    void ringWhenNoRs256KeyThenRefusesToStart() throws Exception {
        SigningKey es = TestKeys.generate("2026-01-01-e", JwsAlgorithm.ES256);
        assertThatThrownBy(() -> SigningKeys.ring(List.of(es), Map.of()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("RS256");
    }

    @Test
    void parseWhenP256KeyMadeByOpensslThenEs256WithItsOwnPublicKey() throws Exception {
        String pem = new String(
                SigningKeysTest.class
                        .getResourceAsStream("/keys/openssl-p256.es256.pem")
                        .readAllBytes(),
                java.nio.charset.StandardCharsets.US_ASCII);

        SigningKey key = PemKeys.parse("openssl-p256", pem);

        assertThat(key.alg()).isEqualTo(JwsAlgorithm.ES256);
        assertThat(((java.security.interfaces.ECPublicKey) key.publicKey())
                        .getParams()
                        .getCurve()
                        .getField()
                        .getFieldSize())
                .isEqualTo(256);
    }

    @Test
    void parseWhenRsaKidSaysPs256ThenPs256AndEcKidSaysPs256ThenRefused() throws Exception {
        assertThat(PemKeys.parse("k.ps256", PemKeys.generatePem(JwsAlgorithm.RS256))
                        .alg())
                .isEqualTo(JwsAlgorithm.PS256);
        assertThat(PemKeys.parse("k", PemKeys.generatePem(JwsAlgorithm.RS256)).alg())
                .isEqualTo(JwsAlgorithm.RS256);
        assertThatThrownBy(() -> PemKeys.parse("k.ps256", PemKeys.generatePem(JwsAlgorithm.ES256)))
                .isInstanceOf(java.security.GeneralSecurityException.class);
        assertThatThrownBy(() -> PemKeys.parse("k.es256", PemKeys.generatePem(JwsAlgorithm.RS256)))
                .isInstanceOf(java.security.GeneralSecurityException.class);
    }

    @Test
    void parseWhenNotPkcs8ThenRefused() {
        assertThatThrownBy(() ->
                        PemKeys.parse("x", "-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----"))
                .isInstanceOf(java.security.GeneralSecurityException.class);
    }
}
