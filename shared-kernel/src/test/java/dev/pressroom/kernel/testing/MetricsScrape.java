package dev.pressroom.kernel.testing;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One scrape of a Prometheus text exposition ({@code /q/metrics}), read the way Prometheus reads it: a sample is a
 * metric name, a label set and a value. Tests take one scrape before an action and one after and compare.
 */
public final class MetricsScrape {

    /** name{labels} value, then an optional timestamp and OpenMetrics exemplar ("# {trace_id=...} 1.0"). */
    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*?)})? (\\S+)(?: .*)?$");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\",?");

    private final String text;

    public MetricsScrape(String text) {
        this.text = text;
    }

    public String text() {
        return text;
    }

    /**
     * The sum of every sample of {@code name} whose labels include the given pairs (name, value, name, value...);
     * 0 when there is none, as Prometheus treats a counter not yet created.
     */
    public double value(String name, String... labelPairs) {
        if (labelPairs.length % 2 != 0) {
            throw new IllegalArgumentException("labels come in name/value pairs: " + Arrays.toString(labelPairs));
        }
        double sum = 0;
        for (String line : text.split("\n")) {
            Matcher sample = SAMPLE.matcher(line);
            if (line.startsWith("#") || !sample.matches() || !sample.group(1).equals(name)) {
                continue;
            }
            Map<String, String> labels = labels(sample.group(2));
            boolean matches = true;
            for (int i = 0; i < labelPairs.length; i += 2) {
                matches &= labelPairs[i + 1].equals(labels.get(labelPairs[i]));
            }
            if (matches) {
                sum += Double.parseDouble(sample.group(3));
            }
        }
        return sum;
    }

    /** Whether any sample of {@code name} exists, whatever its labels. */
    public boolean has(String name) {
        return text.lines().anyMatch(line -> line.startsWith(name + "{") || line.startsWith(name + " "));
    }

    private static Map<String, String> labels(String labelText) {
        Map<String, String> labels = new HashMap<>();
        if (labelText != null) {
            Matcher label = LABEL.matcher(labelText);
            while (label.find()) {
                labels.put(label.group(1), label.group(2).replace("\\\"", "\"").replace("\\\\", "\\"));
            }
        }
        return labels;
    }
}
