package dev.pressroom.auth.request;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.pressroom.auth.error.OAuthException;
import dev.pressroom.auth.validate.RedirectUris;
import dev.pressroom.auth.validate.Scopes;
import java.util.ArrayList;
import java.util.List;

/**
 * Coverage-guided fuzzing of client metadata validation (RFC 7591): any metadata is a problem with an RFC 7591 error
 * code or valid values within the limits, whose redirect URIs each pass registration on their own, with known scopes
 * including openid and roles only for first-party clients.
 */
class ClientMetadataFuzzTest {

    private static final String[] URIS = {
        "https://app.example.com/cb",
        "http://127.0.0.1:8080/cb",
        "com.example.app:/cb",
        "https://app.example.com/cb#x",
        "javascript:alert(1)",
        ""
    };
    private static final String[] ALGORITHMS = {"RS256", "PS256", "ES256", "HS256", "none", "rs256", "RS512", ""};
    private static final String[] WORDS = {
        "openid",
        "profile",
        "email",
        "roles",
        "offline_access",
        "authorization_code",
        "refresh_token",
        "code",
        "client_secret_basic",
        "client_secret_post",
        "none",
        "implicit",
        "token",
        ""
    };

    @FuzzTest
    void metadataIsAProblemOrValidWithinLimits(FuzzedDataProvider data) {
        ClientMetadata metadata = new ClientMetadata(
                null,
                nullable(data, data.consumeString(120)),
                uris(data),
                uris(data),
                nullable(data, data.pickValue(WORDS)),
                nullable(data, words(data, " ")),
                list(data),
                list(data),
                nullable(data, data.consumeBoolean() ? data.pickValue(URIS) : data.consumeString(200)),
                null,
                null,
                null,
                null,
                null,
                null,
                nullable(data, data.pickValue(ALGORITHMS)),
                data.consumeBoolean(),
                nullable(data, data.consumeBoolean() ? data.pickValue(URIS) : data.consumeString(200)),
                data.consumeBoolean());
        boolean firstParty = data.consumeBoolean();

        ClientMetadata.Valid valid;
        try {
            valid = firstParty ? metadata.firstParty() : metadata.registered();
        } catch (OAuthException problem) {
            assertThat(problem.status()).isEqualTo(400);
            assertThat(problem.error()).isIn("invalid_client_metadata", "invalid_redirect_uri");
            assertThat(problem.description()).isNotBlank();
            return;
        }
        assertThat(valid.name()).isNotBlank().hasSizeLessThanOrEqualTo(ClientMetadata.MAX_NAME);
        assertThat(valid.redirectUris())
                .isNotEmpty()
                .hasSizeLessThanOrEqualTo(ClientMetadata.MAX_URIS)
                .allSatisfy(
                        uri -> assertThat(RedirectUris.registrationProblem(uri)).isEmpty());
        assertThat(valid.postLogoutRedirectUris())
                .allSatisfy(
                        uri -> assertThat(RedirectUris.registrationProblem(uri)).isEmpty());
        assertThat(valid.scopes())
                .contains("openid")
                .allSatisfy(scope -> assertThat(Scopes.isKnown(scope)).isTrue());
        if (!firstParty) {
            assertThat(valid.scopes()).doesNotContain("roles");
        }
        assertThat(valid.idTokenSignedResponseAlg()).isNotNull();
        if (valid.links().logoUri() != null) {
            assertThat(valid.links().logoUri()).startsWith("https://");
            assertThat(RedirectUris.httpsPageProblem(valid.links().logoUri())).isEmpty();
        }
    }

    private static List<String> uris(FuzzedDataProvider data) {
        if (data.consumeBoolean()) {
            return null;
        }
        List<String> uris = new ArrayList<>();
        for (int i = data.consumeInt(0, 12); i > 0; i--) {
            uris.add(data.consumeBoolean() ? data.pickValue(URIS) : data.consumeString(200));
        }
        return uris;
    }

    private static List<String> list(FuzzedDataProvider data) {
        if (data.consumeBoolean()) {
            return null;
        }
        List<String> values = new ArrayList<>();
        for (int i = data.consumeInt(0, 4); i > 0; i--) {
            values.add(data.pickValue(WORDS));
        }
        return values;
    }

    private static String words(FuzzedDataProvider data, String separator) {
        List<String> words = new ArrayList<>();
        for (int i = data.consumeInt(0, 5); i > 0; i--) {
            words.add(data.consumeBoolean() ? data.pickValue(WORDS) : data.consumeString(20));
        }
        return String.join(separator, words);
    }

    private static String nullable(FuzzedDataProvider data, String value) {
        return data.consumeBoolean() ? null : value;
    }
}
