package dev.pressroom.manifest.bench;

import dev.pressroom.manifest.schema.ManifestSchema;
import dev.pressroom.manifest.validation.ManifestValidator;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * In-process throughput of the validator on one thread (run by bench/run.sh, not by surefire): a warm-up, then
 * a timed loop over a corpus of valid and invalid manifests from src/test/resources/manifests.
 */
public final class ValidationBench {

    private static final String[] VALID = {"feature-app.json", "theme.json", "connector.json", "non-ascii.json"};
    private static final String[] INVALID = {"app-requires-sdk--no-sdk.json", "hostname--url-instead-of-host.json",
            "json-duplicate-key--id-twice.json", "json-syntax--trailing-comma.json", "min-server-version--not-lowest.json",
            "semver-range--ruby-pessimistic.json", "theme-no-permissions--theme-asks-for-pledge.json"};

    private ValidationBench() {
    }

    public static void main(String[] args) throws IOException {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 5;
        ManifestValidator validator = new ManifestValidator(ManifestSchema.load());
        List<byte[]> valid = load("valid", VALID);
        List<byte[]> invalid = load("invalid", INVALID);
        List<byte[]> mixed = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            mixed.addAll(valid);
        }
        mixed.addAll(invalid.subList(0, 4));
        measure(validator, "warm-up (mixed)", mixed, seconds * 2);
        measure(validator, "warm-up (valid)", valid, seconds);
        measure(validator, "typical valid manifests", valid, seconds);
        measure(validator, "invalid manifests", invalid, seconds);
        measure(validator, "mixed 80% valid / 20% invalid", mixed, seconds);
    }

    private static void measure(ManifestValidator validator, String name, List<byte[]> corpus, double seconds) {
        long deadline = System.nanoTime() + (long) (seconds * 1e9);
        long start = System.nanoTime();
        long count = 0;
        long sink = 0;
        while (System.nanoTime() < deadline) {
            for (byte[] manifest : corpus) {
                sink += validator.validate(manifest).errors().size();
            }
            count += corpus.size();
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        System.out.printf("in-process  %-32s %,12.0f validations/s  (%,d in %.1f s, %.1f us each, checksum %d)%n",
                name, count / elapsed, count, elapsed, elapsed * 1e6 / count, sink % 10);
    }

    private static List<byte[]> load(String folder, String[] names) throws IOException {
        List<byte[]> out = new ArrayList<>();
        for (String name : names) {
            try (InputStream in = ValidationBench.class.getClassLoader().getResourceAsStream("manifests/" + folder + "/" + name)) {
                out.add(in.readAllBytes());
            }
        }
        return out;
    }
}
