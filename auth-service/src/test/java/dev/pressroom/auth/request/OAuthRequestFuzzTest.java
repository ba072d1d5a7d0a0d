package dev.pressroom.auth.request;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.pressroom.auth.error.OAuthException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * Coverage-guided fuzzing of OAuth request parsing: a form body and the client's credentials are read or refused as
 * invalid_request / invalid_client, never with another exception, and what is read stays within the limits.
 */
class OAuthRequestFuzzTest {

    @FuzzTest
    void formBodyIsReadWithinLimitsOrRefused(byte[] body) {
        Params params;
        try {
            params = FormBody.parse("application/x-www-form-urlencoded", new String(body, StandardCharsets.UTF_8));
        } catch (OAuthException refused) {
            assertThat(refused.error()).isEqualTo("invalid_request");
            return;
        }
        assertThat(params.values()).hasSizeLessThanOrEqualTo(64);
        params.values().forEach((name, values) -> {
            assertThat(values).hasSize(1);
            assertThat(values.get(0).length()).isLessThanOrEqualTo(Params.MAX_LENGTH);
        });
    }

    @FuzzTest
    void clientCredentialsAreReadOrRefused(byte[] input) {
        String text = new String(input, StandardCharsets.UTF_8);
        int split = text.indexOf('\n');
        String authorization = split < 0 ? text : text.substring(0, split);
        String form = split < 0 ? "" : text.substring(split + 1);
        for (String header : new String[] {
            authorization, "Basic " + Base64.getEncoder().encodeToString(authorization.getBytes(StandardCharsets.UTF_8))
        }) {
            try {
                ClientCredentials credentials =
                        ClientCredentials.from(header, FormBody.parse("application/x-www-form-urlencoded", form));
                assertThat(credentials).isNotNull();
            } catch (OAuthException refused) {
                assertThat(refused.error()).isIn("invalid_request", "invalid_client");
            }
        }
    }
}
