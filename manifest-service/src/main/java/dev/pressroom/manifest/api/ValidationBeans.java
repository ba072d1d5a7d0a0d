package dev.pressroom.manifest.api;

import dev.pressroom.manifest.config.ManifestConfig;
import dev.pressroom.manifest.pkg.PackageLimits;
import dev.pressroom.manifest.pkg.PackageValidator;
import dev.pressroom.manifest.schema.ManifestSchema;
import dev.pressroom.manifest.validation.ManifestValidator;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** CDI wiring of the plain-Java validators: one schema, one validator of each kind, shared by all requests. */
public class ValidationBeans {

    @Produces
    @Singleton
    ManifestSchema manifestSchema() {
        return ManifestSchema.load();
    }

    @Produces
    @Singleton
    ManifestValidator manifestValidator(ManifestSchema schema) {
        return new ManifestValidator(schema);
    }

    @Produces
    @Singleton
    PackageValidator packageValidator(ManifestValidator manifests, ManifestConfig config) {
        ManifestConfig.PackageLimits limits = config.pkg();
        return new PackageValidator(
                manifests, new PackageLimits(limits.maxEntries(), limits.maxUncompressedBytes(), limits.maxRatio()));
    }
}
