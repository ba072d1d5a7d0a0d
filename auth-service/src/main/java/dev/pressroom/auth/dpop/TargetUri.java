package dev.pressroom.auth.dpop;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;

/**
 * The {@code htu} comparison of RFC 9449 §4.3 check 9: the request's URI without query and fragment, after
 * syntax-based and scheme-based normalisation (RFC 3986 §6.2.2, §6.2.3): scheme and host in lower case, the default
 * port dropped, an empty path as "/", dot segments removed, percent-encodings in upper case and those of unreserved
 * characters decoded.
 */
final class TargetUri {

    /** RFC 3986 §2.3. */
    private static final String UNRESERVED = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~";

    private TargetUri() {}

    /** Whether {@code htu} names {@code target} (an absolute http or https URI of this server). */
    static boolean matches(String htu, String target) {
        Optional<String> presented = normalised(htu);
        return presented.isPresent() && presented.equals(normalised(target));
    }

    static Optional<String> normalised(String uri) {
        URI parsed;
        try {
            parsed = new URI(uri);
        } catch (URISyntaxException e) {
            return Optional.empty();
        }
        String scheme = parsed.getScheme() == null ? null : parsed.getScheme().toLowerCase(Locale.ROOT);
        if (!("https".equals(scheme) || "http".equals(scheme))
                || parsed.getRawAuthority() == null
                || parsed.getRawUserInfo() != null
                || parsed.getHost() == null) {
            return Optional.empty();
        }
        int port = parsed.getPort();
        boolean defaultPort = port == -1 || ("https".equals(scheme) ? port == 443 : port == 80);
        String path = parsed.getRawPath() == null || parsed.getRawPath().isEmpty() ? "/" : parsed.getRawPath();
        // RFC 3986 §6.2.2.3 on the path alone (a path of "//x" read without its authority would be one).
        String normalisedPath =
                URI.create("http://host" + percentEncodings(path)).normalize().getRawPath();
        return Optional.of(scheme + "://" + parsed.getHost().toLowerCase(Locale.ROOT) + (defaultPort ? "" : ":" + port)
                + normalisedPath);
    }

    /** RFC 3986 §6.2.2.1 and §6.2.2.2: %xx in upper case, and unreserved characters decoded. */
    private static String percentEncodings(String path) {
        StringBuilder out = new StringBuilder(path.length());
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c == '%' && i + 2 < path.length()) {
                char decoded = (char) Integer.parseInt(path.substring(i + 1, i + 3), 16);
                if (UNRESERVED.indexOf(decoded) >= 0) {
                    out.append(decoded);
                } else {
                    out.append('%').append(path.substring(i + 1, i + 3).toUpperCase(Locale.ROOT));
                }
                i += 2;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
