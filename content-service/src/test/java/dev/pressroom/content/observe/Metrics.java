package dev.pressroom.content.observe;

import dev.pressroom.kernel.testing.MetricsScrape;
import java.time.Duration;
import java.util.List;
import java.util.function.DoublePredicate;

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

    /** The value once {@code done} holds for it, or after 15 s whatever it is then: for what moves in the background. */
    public static double await(DoublePredicate done, String name, String... labels) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        double value = value(name, labels);
        while (!done.test(value) && System.nanoTime() < deadline) {
            Thread.sleep(100);
            value = value(name, labels);
        }
        return value;
    }

    public static boolean present(String name, String... labels) {
        return scrape().has(name, labels);
    }
}
