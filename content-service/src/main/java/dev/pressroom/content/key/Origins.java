package dev.pressroom.content.key;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;

/** Web origins (RFC 6454): scheme://host[:port], lowercase, default ports dropped, so two spellings compare equal. */
public final class Origins {

    private Origins() {}

    public static Optional<String> normalize(String origin) {
        if (origin == null || origin.isBlank() || origin.length() > 300) {
            return Optional.empty();
        }
        try {
            URI uri = new URI(origin.strip());
            String scheme = uri.getScheme() == null ? null : uri.getScheme().toLowerCase(Locale.ROOT);
            if ((!"http".equals(scheme) && !"https".equals(scheme))
                    || uri.getHost() == null
                    || uri.getRawUserInfo() != null
                    || uri.getRawQuery() != null
                    || uri.getRawFragment() != null
                    || !(uri.getRawPath() == null
                            || uri.getRawPath().isEmpty()
                            || uri.getRawPath().equals("/"))) {
                return Optional.empty();
            }
            int port = uri.getPort();
            boolean defaultPort =
                    port == -1 || ("http".equals(scheme) && port == 80) || ("https".equals(scheme) && port == 443);
            return Optional.of(
                    scheme + "://" + uri.getHost().toLowerCase(Locale.ROOT) + (defaultPort ? "" : ":" + port));
        } catch (URISyntaxException e) {
            return Optional.empty();
        }
    }
}
