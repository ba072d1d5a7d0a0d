package dev.pressroom.manifest.pkg;

import dev.pressroom.manifest.validation.ManifestValidator;
import java.util.Objects;

/**
 * The names a package's findings carry: {@code packageFile} for problems of the package itself, {@code manifestFile}
 * for those inside its manifest.json. The service names an uploaded zip "package.zip"; the CLI uses paths.
 */
public record PackageNames(String packageFile, String manifestFile) {

    public static final PackageNames UPLOAD = new PackageNames(PackageValidator.PACKAGE_FILE, ManifestValidator.FILE);

    /** A zip named {@code zip} (a path, an uploaded file name); its manifest named as a jar: URL names an entry. */
    public static PackageNames ofZip(String zip) {
        return new PackageNames(zip, zip + "!/" + ManifestValidator.FILE);
    }

    public PackageNames {
        Objects.requireNonNull(packageFile, "packageFile");
        Objects.requireNonNull(manifestFile, "manifestFile");
    }
}
