package dev.pressroom.manifest.pkg;

/** One central-directory record of the zip, as written (sizes are claims until the data is inflated). */
record ZipEntryInfo(String name, int flags, int method, long crc, long compressedSize, long uncompressedSize,
                    long localHeaderOffset, boolean symlink) {

    boolean directory() {
        return name.endsWith("/");
    }
}
