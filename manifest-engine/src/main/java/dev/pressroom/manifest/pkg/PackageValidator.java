package dev.pressroom.manifest.pkg;

import dev.pressroom.manifest.validation.ManifestValidator;
import dev.pressroom.manifest.validation.PathRule;
import dev.pressroom.manifest.validation.Problems;
import dev.pressroom.manifest.validation.Rule;
import dev.pressroom.manifest.validation.Severity;
import dev.pressroom.manifest.validation.ValidationReport;
import dev.pressroom.manifest.validation.Violation;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.json.JSONObject;

/**
 * Validates a whole add-on package (a zip): the archive itself (zip-bomb limits, corrupt data, entries that
 * escape the package or are symlinks), then manifest.json at its root with everything only a package can show:
 * entry and icon exist, the icon is a real PNG or SVG of about 256x256, and a README.md backs a missing description.
 * An add-on folder gets the same checks ({@link #validateFolder}).
 */
public final class PackageValidator {

    public static final String PACKAGE_FILE = "package.zip";
    static final String README = "README.md";
    /** "About 256x256" (decision D11): square, from 128 to 512 pixels, is fine; anything else gets a warning. */
    static final double ICON_MIN = 128;

    static final double ICON_MAX = 512;

    private final ManifestValidator manifests;
    private final PackageLimits limits;

    public PackageValidator(ManifestValidator manifests, PackageLimits limits) {
        this.manifests = manifests;
        this.limits = limits;
    }

    /** Validates an uploaded zip, its findings named "package.zip" and "manifest.json". */
    public ValidationReport validate(byte[] zipBytes) {
        return validate(zipBytes, PackageNames.UPLOAD);
    }

    public ValidationReport validate(byte[] zipBytes, PackageNames names) {
        try {
            return validateContents(ZipArchive.read(zipBytes, limits), names);
        } catch (PackageException e) {
            return single(e.rule(), e.getMessage(), names);
        } catch (RuntimeException e) {
            return single(
                    Rule.PACKAGE_INVALID, "The zip archive is corrupt (a record points outside the file).", names);
        }
    }

    /**
     * Validates an add-on folder as the package zipping its contents would be: the same entry, manifest and file
     * checks under the same limits (compression ratios aside). Symbolic links are refused, never followed.
     */
    public ValidationReport validateFolder(Path folder, PackageNames names) throws IOException {
        try {
            return validateContents(FolderPackage.read(folder, limits), names);
        } catch (PackageException e) {
            return single(e.rule(), e.getMessage(), names);
        }
    }

    private ValidationReport validateContents(PackageContents contents, PackageNames names) throws PackageException {
        List<Violation> errors = new ArrayList<>();
        Set<String> files = new HashSet<>();
        EntryNames seen = new EntryNames();
        for (PackageContents.Entry entry : contents.entries()) {
            checkEntry(entry, seen, errors, names);
            if (entry.type() == PackageContents.Type.FILE) {
                files.add(entry.name());
            }
        }
        if (!files.contains(ManifestValidator.FILE)) {
            errors.add(packageError(Rule.MANIFEST_MISSING, missingManifestMessage(files), names));
            return new ValidationReport(null, errors, List.of());
        }
        byte[] manifest = readManifest(contents);
        ValidationReport report = manifests.validate(
                manifest, names.manifestFile(), (m, problems) -> checkFiles(m, files, contents, problems));
        errors.addAll(report.errors());
        return new ValidationReport(errors.isEmpty() ? report.manifest() : null, errors, report.warnings());
    }

    /** manifest.json, read no further than one byte past the manifest limit (which the validator then reports). */
    private static byte[] readManifest(PackageContents contents) throws PackageException {
        try (InputStream in = contents.open(ManifestValidator.FILE)) {
            return in.readNBytes(ManifestValidator.MAX_BYTES + 1);
        } catch (ZipArchive.BadEntry e) {
            throw e.finding();
        } catch (IOException e) {
            throw new PackageException(Rule.PACKAGE_INVALID, "manifest.json cannot be read: " + e.getMessage());
        }
    }

    private static void checkEntry(
            PackageContents.Entry entry, EntryNames seen, List<Violation> errors, PackageNames names) {
        String entryName = entry.name();
        boolean directory = entry.type() == PackageContents.Type.DIRECTORY;
        String name = directory ? entryName.substring(0, entryName.length() - 1) : entryName;
        String problem = PathRule.problem(name);
        String clash = problem == null ? seen.add(name, directory) : null;
        if (problem != null) {
            errors.add(packageError(
                    Rule.PACKAGE_UNSAFE_PATH,
                    "The entry " + Names.show(entryName) + " " + problem
                            + "; it could be written outside the add-on's folder (zip slip).",
                    names));
        } else if (clash != null) {
            errors.add(
                    packageError(Rule.PACKAGE_UNSAFE_PATH, "The entry " + Names.show(entryName) + " " + clash, names));
        }
        if (entry.type() == PackageContents.Type.SYMLINK) {
            errors.add(packageError(
                    Rule.PACKAGE_SYMLINK,
                    "The entry " + Names.show(entryName)
                            + " is a symbolic link; packages must contain regular files only.",
                    names));
        }
    }

    private static void checkFiles(
            JSONObject manifest, Set<String> files, PackageContents contents, Problems problems) {
        if (manifest.opt("entry") instanceof String entry
                && PathRule.problem(entry) == null
                && !files.contains(entry)) {
            problems.error(Rule.ENTRY_MISSING, "/entry", "The entry file \"" + entry + "\" is not in the package.");
        }
        if (manifest.opt("icon") instanceof String icon
                && PathRule.problem(icon) == null
                && (icon.endsWith(".png") || icon.endsWith(".svg"))) {
            checkIcon(icon, files.contains(icon) ? contents : null, problems);
        }
        if (!manifest.has("description") && !files.contains(README)) {
            problems.warning(
                    Rule.DESCRIPTION_MISSING,
                    "",
                    "There is no description and no README.md at the package root; the catalog page will have no long description.");
        }
    }

    private static void checkIcon(String path, PackageContents contents, Problems problems) {
        if (contents == null) {
            problems.error(Rule.ICON_MISSING, "/icon", "The icon file \"" + path + "\" is not in the package.");
            return;
        }
        IconInspector.Icon icon = IconInspector.inspect(path, contents);
        if (icon.problem() != null) {
            problems.error(Rule.ICON_CONTENT, "/icon", "The icon file \"" + path + "\" " + icon.problem() + ".");
            return;
        }
        double w = icon.width();
        double h = icon.height();
        if (w > 0 && h > 0 && (w != h || w < ICON_MIN || w > ICON_MAX)) {
            problems.warning(
                    Rule.ICON_SIZE,
                    "/icon",
                    String.format("The icon is %sx%s; it should be square and about 256x256.", format(w), format(h)));
        }
    }

    private static String format(double d) {
        return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
    }

    private static String missingManifestMessage(Set<String> names) {
        for (String name : names) {
            if (name.endsWith("/" + ManifestValidator.FILE) && name.indexOf('/') == name.lastIndexOf('/')) {
                return "There is no manifest.json at the package root, but there is " + Names.show(name)
                        + ": zip the add-on folder's contents, not the folder itself.";
            }
        }
        return "There is no manifest.json at the package root.";
    }

    private static ValidationReport single(Rule rule, String message, PackageNames names) {
        return new ValidationReport(null, List.of(packageError(rule, message, names)), List.of());
    }

    private static Violation packageError(Rule rule, String message, PackageNames names) {
        return new Violation(Severity.ERROR, rule, names.packageFile(), null, message, null, null, null);
    }
}
