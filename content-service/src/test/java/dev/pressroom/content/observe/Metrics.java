package dev.pressroom.content.observe;

import dev.pressroom.kernel.testing.MetricsScrape;
import java.time.Duration;
import java.util.List;
import java.util.function.DoublePredicate;
import org.awaitility.Awaitility;

/** content-service's /q/metrics on the management port, scraped afresh on every call. */
public final class Metrics {

    private Metrics() {}

    public static MetricsScrape scrape() {
        return new MetricsScrape(Management.management()
                .get("/q/metrics")
                .then()
                .statusCode(200)
                .extract()
                .asString());
    }

    public static List<MetricsScrape.Sample> samples() {
        return scrape().samples();
    }

    /** The sum of the samples called {@code name} that have these labels ({@code "name", "value"} pairs); 0 if none. */
    public static double value(String name, String... labels) {
        return scrape().value(name, labels);
    }

    /** The value once {@code done} holds for it (at most 15 s): for what moves in the background. */
    public static double await(DoublePredicate done, String name, String... labels) {
        return Awaitility.await()
                .atMost(Duration.ofSeconds(15))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> value(name, labels), done::test);
    }

    public static boolean present(String name, String... labels) {
        return scrape().has(name, labels);
    }
}
