package dev.pressroom.manifest.cli.main;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.main.Launch;
import io.quarkus.test.junit.main.LaunchResult;
import io.quarkus.test.junit.main.QuarkusMainTest;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The Quarkus main wires the engine's command: exit status and output come through unchanged. */
@QuarkusMainTest
class PressroomManifestTest {

    @Test
    @Launch(value = {"validate", "src/test/resources/addons/coach"})
    void mainWhenValidAddonThenStatus0AndEmptyReport(LaunchResult result) {
        assertThat(result.getOutput()).isEmpty();
        assertThat(result.getErrorOutput()).contains("1 add-on: 1 valid, 0 invalid");
    }

    @Test
    @Launch(
            value = {"validate", "--format", "json", "src/test/resources/addons/broken-theme/manifest.json"},
            exitCode = 1)
    void mainWhenInvalidManifestThenStatus1AndJsonReport(LaunchResult result) {
        assertThat(result.getOutput()).startsWith("{\"valid\":false,\"errors\":[");
    }

    @Test
    @Launch(
            value = {"validate"},
            exitCode = 2)
    void mainWhenNoPathThenStatus2AndUsage(LaunchResult result) {
        assertThat(result.getErrorOutput()).contains("Usage: pressroom-manifest validate");
    }

    @Test
    void colourWhenNoColorSetOrDumbTerminalThenNever() {
        assertThat(PressroomManifest.colour(Map.of("NO_COLOR", "1"))).isFalse();
        assertThat(PressroomManifest.colour(Map.of("TERM", "dumb"))).isFalse();
        // Tests run without a terminal, so even an empty NO_COLOR (which does not count) gives no colour here.
        assertThat(PressroomManifest.colour(Map.of("NO_COLOR", ""))).isFalse();
    }
}
