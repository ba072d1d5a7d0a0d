package dev.pressroom.manifest.bench;

import dev.pressroom.manifest.schema.ManifestSchema;
import dev.pressroom.manifest.validation.ManifestValidator;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * In-process throughput of the validator on one thread (run by bench/run.sh, not by surefire): a warm-up, then
 * a few timed rounds per corpus of valid and invalid manifests from src/test/resources/manifests. Each round is
 * reported per wall-clock second and per CPU second of the thread (validations per second of one core, which
 * stays meaningful when other processes share the cores); the line gives the best and the median round.
 */
public final class ValidationBench {

    private static final String[] VALID = {"feature-app.json", "theme.json", "connector.json", "non-ascii.json"};
    private static final String[] INVALID = {
        "app-requires-sdk--no-sdk.json",
        "hostname--url-instead-of-host.json",
        "json-duplicate-key--id-twice.json",
        "json-syntax--trailing-comma.json",
        "min-server-version--not-lowest.json",
        "semver-range--ruby-pessimistic.json",
        "theme-no-permissions--theme-asks-for-pledge.json"
    };
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private ValidationBench() {}

    /** Arguments: seconds per round (default 2), rounds per corpus (default 5). */
    public static void main(String[] args) throws IOException {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 2;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        ManifestValidator validator = new ManifestValidator(ManifestSchema.load());
        List<byte[]> valid = load("valid", VALID);
        List<byte[]> invalid = load("invalid", INVALID);
        List<byte[]> mixed = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            mixed.addAll(valid);
        }
        mixed.addAll(invalid.subList(0, 4));
        // the JIT needs long on a loaded machine (its compiler threads compete for the cores too)
        run(validator, mixed, seconds * 5);
        measure(validator, "typical valid manifests", valid, seconds, rounds);
        measure(validator, "invalid manifests", invalid, seconds, rounds);
        measure(validator, "mixed 80% valid / 20% invalid", mixed, seconds, rounds);
    }

    private static void measure(
            ManifestValidator validator, String name, List<byte[]> corpus, double seconds, int rounds) {
        double[] wall = new double[rounds];
        double[] cpu = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            long cpuStart = THREADS.getCurrentThreadCpuTime();
            long start = System.nanoTime();
            long count = run(validator, corpus, seconds);
            wall[r] = count / ((System.nanoTime() - start) / 1e9);
            cpu[r] = count / ((THREADS.getCurrentThreadCpuTime() - cpuStart) / 1e9);
        }
        System.out.printf(
                "in-process  %-30s per core (CPU s) best %,8.0f/s median %,8.0f/s (%.1f us each) | wall clock best %,8.0f/s median %,8.0f/s | %d rounds of %.0f s%n",
                name, max(cpu), median(cpu), 1e6 / median(cpu), max(wall), median(wall), rounds, seconds);
    }

    private static long run(ManifestValidator validator, List<byte[]> corpus, double seconds) {
        long deadline = System.nanoTime() + (long) (seconds * 1e9);
        long count = 0;
        long sink = 0;
        while (System.nanoTime() < deadline) {
            for (byte[] manifest : corpus) {
                sink += validator.validate(manifest).errors().size();
            }
            count += corpus.size();
        }
        if (sink < 0) {
            throw new AssertionError(); // keeps the results alive for the JIT
        }
        return count;
    }

    private static double max(double[] values) {
        return Arrays.stream(values).max().orElse(0);
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private static List<byte[]> load(String folder, String[] names) throws IOException {
        List<byte[]> out = new ArrayList<>();
        for (String name : names) {
            try (InputStream in =
                    ValidationBench.class.getClassLoader().getResourceAsStream("manifests/" + folder + "/" + name)) {
                out.add(in.readAllBytes());
            }
        }
        return out;
    }
}
