package dev.pressroom.content.cdn;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class EdgeCachingTest {

    @Test
    void cacheControlWhenNothingConfiguredThenTheSpecsRule() {
        assertThat(EdgeCaching.cacheControl(Optional.empty(), Optional.empty()))
                .isEqualTo("public, max-age=60, stale-while-revalidate=300");
    }

    @Test
    void cacheControlWhenSharedMaxAgeAndStaleIfErrorThenBothInSeconds() {
        assertThat(EdgeCaching.cacheControl(Optional.of(Duration.ofMinutes(5)), Optional.of(Duration.ofDays(1))))
                .isEqualTo("public, max-age=60, s-maxage=300, stale-while-revalidate=300, stale-if-error=86400");
    }
}
