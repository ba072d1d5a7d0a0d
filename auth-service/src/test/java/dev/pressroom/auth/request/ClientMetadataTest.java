package dev.pressroom.auth.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pressroom.auth.error.OAuthException;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClientMetadataTest {

    @Test
    void registeredWhenScopeOverBroadThenNarrowedNotRefused() {
        assertThat(metadata("openid profile roles made:up", "https://blog.example.org/cb")
                        .registered()
                        .scopes())
                .containsExactly("openid", "profile");
    }

    @Test
    void registeredWhenRedirectUriBadThenRefusedWhateverTheScope() {
        assertThatThrownBy(() ->
                        metadata("openid profile", "http://blog.example.org/cb").registered())
                .isInstanceOfSatisfying(
                        OAuthException.class, e -> assertThat(e.error()).isEqualTo("invalid_redirect_uri"));
    }

    @Test
    void firstPartyWhenScopeAsksForRolesThenKept() {
        assertThat(metadata("openid roles", "https://blog.example.org/cb")
                        .firstParty()
                        .scopes())
                .containsExactly("openid", "roles");
    }

    @Test
    void firstPartyWhenScopeUnknownOrWithoutOpenidThenInvalidClientMetadata() {
        for (String scope : List.of("openid profil", "profile")) {
            assertThatThrownBy(
                            () -> metadata(scope, "https://blog.example.org/cb").firstParty())
                    .as(scope)
                    .isInstanceOfSatisfying(
                            OAuthException.class, e -> assertThat(e.error()).isEqualTo("invalid_client_metadata"));
        }
    }

    private static ClientMetadata metadata(String scope, String redirectUri) {
        return new ClientMetadata(
                null,
                "Blog",
                List.of(redirectUri),
                null,
                null,
                scope,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null);
    }
}
