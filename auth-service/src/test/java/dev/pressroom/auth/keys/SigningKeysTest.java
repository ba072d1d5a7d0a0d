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
        assertThat(ring.active().kid()).isEqualTo(b.kid());
        assertThat(ring.published()).extracting(SigningKey::kid).containsExactly(a.kid(), b.kid());
    }

    @Test
    void ringWhenNewKeyOnlyPublishedThenOldKeyKeepsSigning() {
        SigningKeys.Ring ring = SigningKeys.ring(List.of(a, b), Map.of(a.kid(), "active", b.kid(), "published"));
        assertThat(ring.active().kid()).isEqualTo(a.kid());
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
    void parseWhenNotPkcs8ThenRefused() {
        assertThatThrownBy(() ->
                        PemKeys.parse("x", "-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----"))
                .isInstanceOf(java.security.GeneralSecurityException.class);
    }
}
