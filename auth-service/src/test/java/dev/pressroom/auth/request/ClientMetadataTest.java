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

    @Test
    void registeredWhenBackchannelLogoutUriHttpsWithQueryThenKeptWithSessionRequired() {
        ClientMetadata.Valid valid =
                backchannel("https://blog.example.org/logout?tenant=1", true).registered();

        assertThat(valid.backchannelLogoutUri()).isEqualTo("https://blog.example.org/logout?tenant=1");
        assertThat(valid.backchannelLogoutSessionRequired()).isTrue();
    }

    @Test
    void registeredWhenBackchannelLogoutUriAbsentThenSessionNotRequired() {
        ClientMetadata.Valid valid =
                metadata("openid", "https://blog.example.org/cb").registered();

        assertThat(valid.backchannelLogoutUri()).isNull();
        assertThat(valid.backchannelLogoutSessionRequired()).isFalse();
    }

    @Test
    void registeredWhenBackchannelLogoutUriBadThenInvalidClientMetadata() {
        for (String uri : List.of(
                "https://blog.example.org/logout#frag",
                "http://blog.example.org/logout",
                "com.example.app:/logout",
                "/logout",
                "https://user@blog.example.org/logout",
                "https://localhost/logout")) {
            assertThatThrownBy(() -> backchannel(uri, false).registered())
                    .as(uri)
                    .isInstanceOfSatisfying(OAuthException.class, e -> {
                        assertThat(e.error()).isEqualTo("invalid_client_metadata");
                        assertThat(e.getMessage()).contains("backchannel_logout_uri");
                    });
        }
    }

    @Test
    void registeredWhenSessionRequiredWithoutUriThenInvalidClientMetadata() {
        assertThatThrownBy(() -> backchannel(null, true).registered())
                .isInstanceOfSatisfying(
                        OAuthException.class, e -> assertThat(e.error()).isEqualTo("invalid_client_metadata"));
    }

    private static ClientMetadata backchannel(String uri, boolean sessionRequired) {
        ClientMetadata m = metadata("openid", "https://blog.example.org/cb");
        return new ClientMetadata(
                null,
                m.client_name(),
                m.redirect_uris(),
                null,
                null,
                m.scope(),
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
                null,
                uri,
                sessionRequired);
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
                null,
                null,
                null);
    }
}
