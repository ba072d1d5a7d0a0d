package dev.pressroom.content.observe;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoublePredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads the Prometheus scrape of the running test application, from its management interface. */
public final class Metrics {

    /** One sample line: name, optional labels, value (an OpenMetrics exemplar after it, " # {trace_id=...}", is cut). */
    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)})? (\\S+)$");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

    public record Sample(String name, Map<String, String> labels, double value) {
    }

    private Metrics() {
    }

    public static String scrape() {
        return Management.management().get("/q/metrics").then().statusCode(200).extract().asString();
    }

    public static List<Sample> samples() {
        return scrape().lines().filter(line -> !line.startsWith("#")).map(line -> line.replaceFirst(" # \\{.*", ""))
                .map(SAMPLE::matcher).filter(Matcher::matches)
                .map(m -> new Sample(m.group(1), labels(m.group(2)), Double.parseDouble(m.group(3)))).toList();
    }

    /** The sum of the samples called {@code name} that have these labels ({@code "name", "value"} pairs); 0 if none. */
    public static double value(String name, String... labels) {
        return matching(name, labels).stream().mapToDouble(Sample::value).sum();
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
        return !matching(name, labels).isEmpty();
    }

    private static List<Sample> matching(String name, String... labels) {
        return samples().stream().filter(sample -> sample.name().equals(name)).filter(sample -> {
            for (int i = 0; i < labels.length; i += 2) {
                if (!labels[i + 1].equals(sample.labels().get(labels[i]))) {
                    return false;
                }
            }
            return true;
        }).toList();
    }

    private static Map<String, String> labels(String text) {
        if (text == null) {
            return Map.of();
        }
        Map<String, String> labels = new LinkedHashMap<>();
        Matcher m = LABEL.matcher(text);
        while (m.find()) {
            labels.put(m.group(1), m.group(2));
        }
        return labels;
    }
}
