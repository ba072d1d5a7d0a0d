package dev.pressroom.auth.support;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Prometheus text Quarkus serves at /q/metrics on the management interface, parsed into samples, so a test can
 * read a value before and after an action.
 */
public final class Metrics {

    /** name{label="value",...} value, Prometheus text exposition format. */
    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)})? (\\S+)$");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

    public record Sample(String name, Map<String, String> labels, double value) {
    }

    private final List<Sample> samples;

    private Metrics(List<Sample> samples) {
        this.samples = samples;
    }

    public static Metrics scrape() {
        String text = Admin.management().get("/q/metrics").then().statusCode(200).extract().asString();
        List<Sample> samples = new ArrayList<>();
        for (String line : text.split("\n")) {
            // A sample may end with an exemplar: " # {span_id=...,trace_id=...} value timestamp".
            int exemplar = line.indexOf(" # ");
            Matcher m = SAMPLE.matcher(exemplar < 0 ? line : line.substring(0, exemplar));
            if (line.startsWith("#") || !m.matches()) {
                continue;
            }
            Map<String, String> labels = new TreeMap<>();
            if (m.group(2) != null) {
                Matcher l = LABEL.matcher(m.group(2));
                while (l.find()) {
                    labels.put(l.group(1), l.group(2));
                }
            }
            samples.add(new Sample(m.group(1), labels, Double.parseDouble(m.group(3))));
        }
        return new Metrics(samples);
    }

    public List<Sample> all() {
        return samples;
    }

    /** The sum of the samples with this name and at least these labels (label, value pairs); 0 when there is none yet. */
    public double value(String name, String... labels) {
        return find(name, labels).stream().mapToDouble(Sample::value).sum();
    }

    /** Samples with this name and at least these labels. */
    public List<Sample> find(String name, String... labels) {
        return samples.stream().filter(s -> s.name().equals(name) && hasLabels(s, labels)).toList();
    }

    private static boolean hasLabels(Sample sample, String... labels) {
        for (int i = 0; i < labels.length; i += 2) {
            if (!labels[i + 1].equals(sample.labels().get(labels[i]))) {
                return false;
            }
        }
        return true;
    }
}
