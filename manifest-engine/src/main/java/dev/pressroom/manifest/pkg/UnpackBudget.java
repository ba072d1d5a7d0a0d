package dev.pressroom.manifest.pkg;

import dev.pressroom.manifest.validation.Rule;

/**
 * The bytes one package unpacks to, counted across its entries as they are claimed or inflated, against the total
 * limit and, for a zip, the package-wide compression ratio: a package is refused as soon as it passes either,
 * whatever its entries' own ratios.
 */
final class UnpackBudget {

    private final PackageLimits limits;
    /** The zip's own size, or 0 for a folder, which has no ratio. */
    private final long packedBytes;

    private long total;

    private UnpackBudget(PackageLimits limits, long packedBytes) {
        this.limits = limits;
        this.packedBytes = packedBytes;
    }

    static UnpackBudget ofZip(PackageLimits limits, long zipBytes) {
        return new UnpackBudget(limits, Math.max(1, zipBytes));
    }

    static UnpackBudget ofFolder(PackageLimits limits) {
        return new UnpackBudget(limits, 0);
    }

    void add(long bytes) throws PackageException {
        total += bytes;
        if (total > limits.maxUncompressedBytes()) {
            throw new PackageException(
                    Rule.PACKAGE_LIMITS,
                    "The package would unpack to more than " + limits.maxUncompressedBytes()
                            + " bytes, the limit (zip-bomb defence).");
        }
        if (packedBytes > 0 && total > PackageLimits.PACKAGE_RATIO_FLOOR && total > limits.maxRatio() * packedBytes) {
            throw new PackageException(
                    Rule.PACKAGE_LIMITS,
                    "The package would unpack to more than " + total + " bytes from " + packedBytes + ", a ratio above "
                            + limits.maxRatio() + ":1 (zip-bomb defence).");
        }
    }
}
