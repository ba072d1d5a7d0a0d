package dev.pressroom.auth.validate;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Coverage-guided fuzzing of redirect URI validation: whatever is accepted for registration is an absolute URI without
 * fragment, user information or wildcard, https unless loopback http or a private-use scheme, and the answer built on
 * it keeps the redirect URI as its prefix.
 */
class RedirectUrisFuzzTest {

    @FuzzTest
    void acceptedRedirectUriIsSafeToRedirectTo(byte[] input) throws Exception {
        String uri = new String(input, StandardCharsets.UTF_8);
        if (RedirectUris.registrationProblem(uri).isPresent()) {
            return;
        }
        URI parsed = new URI(uri);
        String scheme = parsed.getScheme();
        assertThat(scheme).isEqualTo(scheme.toLowerCase(Locale.ROOT));
        assertThat(parsed.getRawFragment()).isNull();
        assertThat(parsed.getRawUserInfo()).isNull();
        assertThat(uri).doesNotContain("*", "#", " ");
        assertThat(scheme).isNotIn("javascript", "data", "vbscript", "file");
        if (scheme.equals("http")) {
            assertThat(RedirectUris.isLoopback(parsed)).isTrue();
        }
        if (scheme.equals("https")) {
            assertThat(parsed.getHost()).isNotBlank();
        }
        assertThat(RedirectUris.matches(uri, uri)).isTrue();
        Map<String, String> answer = new LinkedHashMap<>();
        answer.put("code", "c&d=e");
        answer.put("state", "s#t");
        assertThat(RedirectUris.withQuery(uri, answer).toString())
                .startsWith(uri)
                .doesNotContain("#");
    }
}
