package dev.pressroom.content.cdn;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PurgeCallTest {

    @Test
    void ofWhenFastlyThenKeysInTheSurrogateKeyHeaderAndTheTokenAsFastlyKey() {
        PurgeCall call = PurgeCall.of(CdnStyle.FASTLY, List.of("b", "b-posts"), Optional.of("secret"));

        assertThat(call.headers()).isEqualTo(Map.of("Fastly-Key", "secret", "Surrogate-Key", "b b-posts"));
        assertThat(call.body()).isEmpty();
    }

    @Test
    void ofWhenCloudflareThenTagsAsJsonAndABearerToken() {
        PurgeCall call = PurgeCall.of(CdnStyle.CLOUDFLARE, List.of("b", "b-posts"), Optional.of("secret"));

        assertThat(call.headers()).isEqualTo(Map.of("Authorization", "Bearer secret"));
        assertThat(call.contentType()).isEqualTo("application/json");
        assertThat(call.body()).isEqualTo("{\"tags\":[\"b\",\"b-posts\"]}");
    }

    @Test
    void ofWhenNoTokenThenNoAuthorizationHeader() {
        assertThat(PurgeCall.of(CdnStyle.CLOUDFLARE, List.of("b"), Optional.empty())
                        .headers())
                .isEmpty();
    }
}
