package dev.pressroom.manifest.pkg;

import java.text.Normalizer;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The names a package has given so far, as the file systems it is unpacked on see them: case-insensitive and
 * Unicode-normalising (Windows, macOS), where "Manifest.json" and "manifest.json", or "é" composed and decomposed,
 * are one file. Each new entry must be a new file or folder there, and never a file where another entry needs a folder.
 */
final class EntryNames {

    /** A name seen, by its folded key: as first spelled, and whether it is a folder (named or implied by a path). */
    private record Seen(String name, boolean directory, boolean named) {}

    private final Map<String, Seen> byKey = new HashMap<>();

    /**
     * Adds the entry {@code name} (without a folder's trailing /); returns what clashes, worded to follow "The entry
     * X", or null when nothing does.
     */
    String add(String name, boolean directory) {
        for (int slash = name.indexOf('/'); slash > 0; slash = name.indexOf('/', slash + 1)) {
            String parent = name.substring(0, slash);
            Seen seen = byKey.putIfAbsent(key(parent), new Seen(parent, true, false));
            if (seen != null && !seen.directory()) {
                return "lies in " + Names.show(parent) + ", which is a file in the package.";
            }
        }
        String key = key(name);
        Seen seen = byKey.get(key);
        if (seen == null
                || (seen.directory()
                        && directory
                        && !seen.named()
                        && seen.name().equals(name))) {
            byKey.put(key, new Seen(name, directory, true));
            return null;
        }
        if (seen.directory() != directory) {
            return "is a " + (directory ? "folder" : "file") + " where another entry needs a "
                    + (seen.directory() ? "folder" : "file") + " of that name.";
        }
        if (seen.name().equals(name)) {
            return "appears more than once; which copy a tool unpacks is undefined.";
        }
        return "has the same name as " + Names.show(seen.name()) + " on case-insensitive or Unicode-normalising file"
                + " systems (Windows, macOS); one would overwrite the other.";
    }

    private static String key(String name) {
        return Normalizer.normalize(name, Normalizer.Form.NFKC)
                .toUpperCase(Locale.ROOT)
                .toLowerCase(Locale.ROOT);
    }
}
