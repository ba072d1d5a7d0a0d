package dev.pressroom.manifest.pkg;

import dev.pressroom.manifest.validation.TestManifests;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The promise of the package checks, as an oracle: when the engine answers valid, every extractor ({@link
 * Extractors}) sees exactly the listing the engine validated (names, types, sizes, content hashes, no symlinks).
 */
final class PackageParity {

    static final PackageValidator VALIDATOR = new PackageValidator(TestManifests.VALIDATOR, PackageLimits.defaults());

    private PackageParity() {}

    /** How each extractor's view differs from what the engine validated; empty when it answered invalid. */
    static List<String> differences(byte[] zip) {
        if (!VALIDATOR.validate(zip).valid()) {
            return List.of();
        }
        try {
            return differences(engineListing(zip), Extractors.views(zip));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<String> differences(List<String> engine, Map<Extractors.View, Extractors.Kind> views) {
        List<String> differences = new ArrayList<>();
        views.forEach((view, kind) -> {
            List<String> expected = Extractors.expected(engine, kind);
            if (!expected.equals(view.lines())) {
                List<String> extra = new ArrayList<>(view.lines());
                extra.removeAll(expected);
                List<String> missing = new ArrayList<>(expected);
                missing.removeAll(view.lines());
                differences.add(view.extractor() + " sees " + extra + " and not " + missing);
            }
        });
        return differences;
    }

    /** The entries the engine read, as {@link Extractors} lines. */
    static List<String> engineListing(byte[] zip) {
        try {
            ZipArchive archive = ZipArchive.read(zip, PackageLimits.defaults());
            List<String> lines = new ArrayList<>();
            for (PackageContents.Entry entry : archive.entries()) {
                switch (entry.type()) {
                    case DIRECTORY -> lines.add(entry.name() + "\tdir");
                    case SYMLINK -> lines.add(entry.name() + "\tsymlink");
                    case FILE -> {
                        try (InputStream in = archive.open(entry.name())) {
                            lines.add(Extractors.hashed(entry.name(), in));
                        }
                    }
                }
            }
            return lines;
        } catch (PackageException e) {
            throw new IllegalStateException("the engine refused a package it answered valid: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
