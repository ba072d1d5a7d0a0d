package dev.pressroom.manifest.pkg;

/**
 * Zip-bomb defences: how many entries, how many uncompressed bytes in all, and the highest compression ratio, both of
 * an entry bigger than {@link #RATIO_FLOOR} bytes (tiny files compress absurdly well and are harmless) and of the
 * whole package once it unpacks to more than {@link #PACKAGE_RATIO_FLOOR} (many small entries of zeros are a bomb too).
 */
public record PackageLimits(int maxEntries, long maxUncompressedBytes, int maxRatio) {

    public static final long RATIO_FLOOR = 64 * 1024;
    public static final long PACKAGE_RATIO_FLOOR = 1024 * 1024;

    public static PackageLimits defaults() {
        return new PackageLimits(2000, 64L * 1024 * 1024, 100);
    }
}
