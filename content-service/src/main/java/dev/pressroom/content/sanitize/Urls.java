package dev.pressroom.content.sanitize;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/** Makes URLs absolute against the blog's URL and keeps only safe schemes (no javascript:, data:, vbscript:, ...). */
public final class Urls {

    private static final Set<String> SAFE_SCHEMES = Set.of("http", "https", "mailto");

    private Urls() {}

    /** The absolute form of {@code value} against {@code base}, or empty when it is not a safe URL. */
    public static Optional<String> absolute(URI base, String value) {
        if (value == null) {
            return Optional.empty();
        }
        String trimmed = value.strip();
        if (trimmed.isEmpty() || trimmed.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            return Optional.empty();
        }
        if (trimmed.startsWith("#")) {
            // In-page links (the table of contents) stay relative to the document that holds them.
            return trimmed.matches("#[\\p{L}\\p{N}_-]+") ? Optional.of(trimmed) : Optional.empty();
        }
        try {
            URI resolved = base.resolve(new URI(trimmed));
            String scheme = resolved.getScheme();
            if (scheme == null || !SAFE_SCHEMES.contains(scheme.toLowerCase(Locale.ROOT))) {
                return Optional.empty();
            }
            if (!"mailto".equalsIgnoreCase(scheme)
                    && (resolved.getHost() == null || resolved.getRawUserInfo() != null)) {
                return Optional.empty();
            }
            return Optional.of(resolved.toString());
        } catch (URISyntaxException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** Same as {@link #absolute} for a value the author wrote in front matter or blog.yaml; null stays null. */
    public static String absoluteOrNull(URI base, String value) {
        return absolute(base, value).orElse(null);
    }
}
