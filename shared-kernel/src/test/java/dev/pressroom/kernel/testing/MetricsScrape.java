package dev.pressroom.kernel.testing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * One scrape of a Prometheus text exposition ({@code /q/metrics}), read the way Prometheus reads it: a sample is a
 * metric name, a label set and a value. Tests take one scrape before an action and one after and compare.
 */
public final class MetricsScrape {

    /** name{labels} value, then an optional timestamp and OpenMetrics exemplar ("# {trace_id=...} 1.0"). */
    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*?)})? (\\S+)(?: .*)?$");

    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\",?");

    /** One sample: its metric name, its labels and its value. */
    public record Sample(String name, Map<String, String> labels, double value) {}

    private final String text;
    private final List<Sample> samples;

    public MetricsScrape(String text) {
        this.text = text;
        this.samples = parse(text);
    }

    public String text() {
        return text;
    }

    public List<Sample> samples() {
        return samples;
    }

    /** The samples of {@code name} whose labels include the given pairs (name, value, name, value...). */
    public List<Sample> find(String name, String... labelPairs) {
        if (labelPairs.length % 2 != 0) {
            throw new IllegalArgumentException("labels come in name/value pairs: " + Arrays.toString(labelPairs));
        }
        return samples.stream()
                .filter(s -> s.name().equals(name) && hasLabels(s, labelPairs))
                .toList();
    }

    /** The sum of {@link #find}'s samples; 0 when there is none, as Prometheus treats a counter not yet created. */
    public double value(String name, String... labelPairs) {
        return find(name, labelPairs).stream().mapToDouble(Sample::value).sum();
    }

    /** Whether any sample of {@code name} with these labels exists. */
    public boolean has(String name, String... labelPairs) {
        return !find(name, labelPairs).isEmpty();
    }

    /** Every value label {@code label} takes in the samples of {@code name}. */
    public Set<String> labelValues(String name, String label) {
        return samples.stream()
                .filter(s -> s.name().equals(name) && s.labels().containsKey(label))
                .map(s -> s.labels().get(label))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static boolean hasLabels(Sample sample, String... labelPairs) {
        for (int i = 0; i < labelPairs.length; i += 2) {
            if (!labelPairs[i + 1].equals(sample.labels().get(labelPairs[i]))) {
                return false;
            }
        }
        return true;
    }

    private static List<Sample> parse(String text) {
        List<Sample> samples = new ArrayList<>();
        for (String line : text.split("\n", -1)) {
            Matcher sample = SAMPLE.matcher(line);
            if (line.startsWith("#") || !sample.matches()) {
                continue;
            }
            Map<String, String> labels = new TreeMap<>();
            if (sample.group(2) != null) {
                Matcher label = LABEL.matcher(sample.group(2));
                while (label.find()) {
                    labels.put(
                            label.group(1), label.group(2).replace("\\\"", "\"").replace("\\\\", "\\"));
                }
            }
            samples.add(new Sample(sample.group(1), labels, Double.parseDouble(sample.group(3))));
        }
        return List.copyOf(samples);
    }
}
