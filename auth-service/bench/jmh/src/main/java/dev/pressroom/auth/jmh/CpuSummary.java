package dev.pressroom.auth.jmh;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Reads a JMH JSON result and prints a row per benchmark and parameters: JMH's wall time per call with its 99.9%
 * error, and the thread's CPU time per call ({@link ThreadCpu}) with the same kind of error, over every measured
 * iteration of every fork.
 */
public final class CpuSummary {

    private CpuSummary() {}

    public static void main(String[] args) throws IOException {
        JsonNode results = new ObjectMapper().readTree(Path.of(args[0]).toFile());
        System.out.printf("%-24s %-40s %22s %22s%n", "benchmark", "parameters", "wall per call", "CPU per call");
        for (JsonNode result : results) {
            String name = result.path("benchmark").asText().replaceAll(".*\\.(\\w+\\.\\w+)$", "$1");
            String params = result.path("params").properties().stream()
                    .map(p -> p.getKey() + "=" + p.getValue().asText())
                    .collect(Collectors.joining(" "));
            JsonNode primary = result.path("primaryMetric");
            String unit = primary.path("scoreUnit").asText().replace("/op", "");
            String wall = String.format(
                    Locale.ROOT,
                    "%.3f ± %.3f %s",
                    primary.path("score").asDouble(),
                    primary.path("scoreError").asDouble(),
                    unit);
            System.out.printf("%-24s %-40s %22s %22s%n", name, params, wall, cpu(result, unit));
        }
    }

    private static String cpu(JsonNode result, String unit) {
        JsonNode secondary = result.path("secondaryMetrics");
        List<Double> perCall = new ArrayList<>();
        JsonNode nanos = secondary.path("cpuNanos").path("rawData");
        JsonNode calls = secondary.path("calls").path("rawData");
        for (int fork = 0; fork < nanos.size(); fork++) {
            for (int iteration = 0; iteration < nanos.get(fork).size(); iteration++) {
                double n = calls.get(fork).get(iteration).asDouble();
                if (n > 0) {
                    perCall.add(nanos.get(fork).get(iteration).asDouble() / n / nanosPer(unit));
                }
            }
        }
        if (perCall.size() < 2) {
            return "n/a";
        }
        double mean =
                perCall.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        double variance =
                perCall.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum() / (perCall.size() - 1);
        // JMH's own error: the half-width of the 99.9% confidence interval, Student's t.
        double t = new TDistribution(perCall.size() - 1).inverseCumulativeProbability(1 - 0.001 / 2);
        double error = t * Math.sqrt(variance / perCall.size());
        return String.format(Locale.ROOT, "%.3f ± %.3f %s", mean, error, unit);
    }

    private static double nanosPer(String unit) {
        return switch (unit) {
            case "ns" -> 1;
            case "us" -> 1e3;
            case "ms" -> 1e6;
            case "s" -> 1e9;
            default -> throw new IllegalArgumentException("unit " + unit);
        };
    }
}
