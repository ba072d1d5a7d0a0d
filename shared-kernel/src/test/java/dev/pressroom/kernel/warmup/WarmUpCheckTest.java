package dev.pressroom.kernel.warmup;

import static org.assertj.core.api.Assertions.assertThat;

import org.eclipse.microprofile.health.HealthCheckResponse;
import org.junit.jupiter.api.Test;

class WarmUpCheckTest {

    @Test
    void describeWhenRunningThenDownWithRoundsSoFar() {
        HealthCheckResponse response = WarmUpCheck.describe(new WarmUp.Progress(true, 12, 0, null));

        assertThat(response.getStatus()).isEqualTo(HealthCheckResponse.Status.DOWN);
        assertThat(response.getData())
                .hasValueSatisfying(
                        data -> assertThat(data).containsEntry("rounds", 12L).doesNotContainKey("failed"));
    }

    @Test
    void describeWhenFinishedThenUpWithHowItWent() {
        HealthCheckResponse response = WarmUpCheck.describe(new WarmUp.Progress(false, 40, 2, "token answered 503"));

        assertThat(response.getStatus()).isEqualTo(HealthCheckResponse.Status.UP);
        assertThat(response.getData())
                .hasValueSatisfying(data -> assertThat(data)
                        .containsEntry("rounds", 40L)
                        .containsEntry("failed", 2L)
                        .containsEntry("first_failure", "token answered 503"));
    }

    @Test
    void describeWhenNeverRunThenUp() {
        HealthCheckResponse response = WarmUpCheck.describe(WarmUp.Progress.NONE);

        assertThat(response.getStatus()).isEqualTo(HealthCheckResponse.Status.UP);
    }
}
