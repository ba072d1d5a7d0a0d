package dev.pressroom.auth.endpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pressroom.auth.error.OAuthException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BearerTokenTest {

    private static final String FORM = "application/x-www-form-urlencoded; charset=UTF-8";

    @Test
    void fromHeaderOrFormWhenHeaderOnlyThenHeaderToken() {
        assertThat(BearerToken.fromHeaderOrForm("Bearer abc.DEF-1", Map.of(), null, null))
                .isEqualTo("abc.DEF-1");
    }

    @Test
    void fromHeaderOrFormWhenFormBodyOnlyThenBodyToken() {
        assertThat(BearerToken.fromHeaderOrForm(null, Map.of(), FORM, "access_token=abc.DEF-1&other=x"))
                .isEqualTo("abc.DEF-1");
    }

    @Test
    void fromHeaderOrFormWhenFormWithoutTokenThenHeaderToken() {
        assertThat(BearerToken.fromHeaderOrForm("Bearer abc", Map.of(), FORM, ""))
                .isEqualTo("abc");
    }

    @Test
    void fromHeaderOrFormWhenBodyIsNotFormEncodedThenBodyIgnored() {
        assertThatThrownBy(() -> BearerToken.fromHeaderOrForm(null, Map.of(), "application/json", "access_token=abc"))
                .isInstanceOfSatisfying(OAuthException.class, e -> {
                    assertThat(e.status()).isEqualTo(401);
                    assertThat(e.challenge()).isEqualTo("Bearer realm=\"oauth\"");
                });
    }

    @Test
    void fromHeaderOrFormWhenTokenInQueryThenInvalidRequestEvenWithHeader() {
        assertInvalidRequest(
                () -> BearerToken.fromHeaderOrForm("Bearer abc", Map.of("access_token", List.of("abc")), null, null));
    }

    @Test
    void fromHeaderOrFormWhenHeaderAndBodyBothCarryTokenThenInvalidRequest() {
        assertInvalidRequest(() -> BearerToken.fromHeaderOrForm("Bearer abc", Map.of(), FORM, "access_token=abc"));
    }

    @Test
    void fromHeaderOrFormWhenBodyTokenRepeatedOrMalformedEncodingThenInvalidRequest() {
        assertInvalidRequest(() -> BearerToken.fromHeaderOrForm(null, Map.of(), FORM, "access_token=a&access_token=b"));
        assertInvalidRequest(() -> BearerToken.fromHeaderOrForm(null, Map.of(), FORM, "access_token=%zz"));
    }

    @Test
    void fromHeaderOrFormWhenBodyTokenNotB64TokenThenInvalidToken() {
        assertThatThrownBy(() -> BearerToken.fromHeaderOrForm(null, Map.of(), FORM, "access_token=a%20b"))
                .isInstanceOfSatisfying(
                        OAuthException.class, e -> assertThat(e.error()).isEqualTo("invalid_token"));
    }

    private static void assertInvalidRequest(Runnable call) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(OAuthException.class, e -> {
            assertThat(e.status()).isEqualTo(400);
            assertThat(e.error()).isEqualTo("invalid_request");
            assertThat(e.challenge()).isEqualTo("Bearer error=\"invalid_request\"");
        });
    }
}
