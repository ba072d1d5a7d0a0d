package dev.pressroom.manifest.pkg;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/**
 * What the package checks see of a zip or a folder: its entries, and a file's bytes as a stream, so that a validation
 * holds only what the rules need (the manifest; the icon as it is parsed), never the whole package unpacked.
 */
interface PackageContents {

    /** One entry: a file, a folder (name ending /) or a symbolic link, never followed. */
    record Entry(String name, Type type) {}

    /** What an extractor makes of an entry. */
    enum Type {
        FILE,
        DIRECTORY,
        SYMLINK
    }

    List<Entry> entries();

    /** The bytes of the file entry {@code name}. */
    InputStream open(String name) throws IOException;
}
