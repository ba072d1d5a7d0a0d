package dev.pressroom.manifest.pkg;

/**
 * One central-directory record of the zip, as written (sizes are claims until the data is inflated); {@code rawName}
 * is the name's bytes, which the local header must repeat exactly.
 */
// rawName is compared byte by byte with Arrays.equals where it matters (ZipArchive), never through equals().
@SuppressWarnings("ArrayRecordComponent")
record ZipEntryInfo(
        String name,
        byte[] rawName,
        int flags,
        int method,
        long crc,
        long compressedSize,
        long uncompressedSize,
        long localHeaderOffset,
        PackageContents.Type type) {}
