package dev.pressroom.manifest.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import java.util.OptionalLong;

/** manifest-service settings. The manifest's own limits (1 MiB, 64 levels) are fixed by the spec, not here. */
@ConfigMapping(prefix = "manifest")
public interface ManifestConfig {

    /** Package (zip) limits. */
    @WithName("package")
    PackageLimits pkg();

    /** Batch validation (POST /v1/packages/validate, multipart). */
    Batch batch();

    /** Validations in flight: the memory their requests may hold (README, Robustness). */
    Admission admission();

    interface Admission {

        /**
         * Share of the heap ({@code Runtime.maxMemory()}) the requests in flight may hold, in (0, 1]; beyond it a request
         * gets 503 (env MANIFEST_ADMISSION_HEAP_SHARE).
         */
        @WithDefault("0.5")
        double heapShare();

        /** The same budget in bytes, instead of a heap share (env MANIFEST_ADMISSION_BUDGET_BYTES). */
        OptionalLong budgetBytes();

        /** Seconds a refused client is asked to wait, in Retry-After (env MANIFEST_ADMISSION_RETRY_AFTER_SECONDS). */
        @WithDefault("1")
        int retryAfterSeconds();
    }

    interface Batch {

        /** Most packages one batch request may hold (env MANIFEST_BATCH_MAX_PACKAGES). */
        @WithDefault("50")
        int maxPackages();
    }

    interface PackageLimits {

        /** Largest zip body accepted by POST /v1/packages/validate, in bytes (env MANIFEST_PACKAGE_MAX_BYTES). */
        @WithDefault("33554432")
        int maxBytes();

        /** Most entries a package may have (env MANIFEST_PACKAGE_MAX_ENTRIES). */
        @WithDefault("2000")
        int maxEntries();

        /** Most bytes all entries may unpack to (env MANIFEST_PACKAGE_MAX_UNCOMPRESSED_BYTES). */
        @WithDefault("67108864")
        long maxUncompressedBytes();

        /** Highest compression ratio of an entry over 64 KiB (env MANIFEST_PACKAGE_MAX_RATIO). */
        @WithDefault("100")
        int maxRatio();
    }
}
