package dev.pressroom.manifest.api;

import dev.pressroom.manifest.admission.AdmissionBudget;
import dev.pressroom.manifest.admission.RequestWeights;
import dev.pressroom.manifest.config.ManifestConfig;
import dev.pressroom.manifest.pkg.PackageLimits;
import dev.pressroom.manifest.pkg.PackageValidator;
import dev.pressroom.manifest.schema.ManifestSchema;
import dev.pressroom.manifest.validation.ManifestValidator;
import io.quarkus.runtime.configuration.MemorySize;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

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
    AdmissionBudget admissionBudget(ManifestConfig config) {
        ManifestConfig.Admission admission = config.admission();
        return admission.budgetBytes().isPresent()
                ? new AdmissionBudget(admission.budgetBytes().getAsLong())
                : AdmissionBudget.ofHeapShare(
                        admission.heapShare(), Runtime.getRuntime().maxMemory());
    }

    /** Weighs a body sent without Content-Length as the largest the HTTP layer accepts. */
    @Produces
    @Singleton
    RequestWeights requestWeights(
            ManifestConfig config, @ConfigProperty(name = "quarkus.http.limits.max-body-size") MemorySize bodyLimit) {
        return new RequestWeights(bodyLimit.asLongValue(), config.pkg().maxRatio());
    }

    @Produces
    @Singleton
    PackageValidator packageValidator(ManifestValidator manifests, ManifestConfig config) {
        ManifestConfig.PackageLimits limits = config.pkg();
        return new PackageValidator(
                manifests, new PackageLimits(limits.maxEntries(), limits.maxUncompressedBytes(), limits.maxRatio()));
    }
}
