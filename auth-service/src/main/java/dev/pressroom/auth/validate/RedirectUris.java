package dev.pressroom.auth.validate;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/** Redirect URI rules of the spec (Authentication C.4), OAuth 2.1 §2.3.1 and RFC 8252 §7. */
public final class RedirectUris {

    public static final int MAX_LENGTH = 2000;
    /** RFC 8252 §7.1: a reverse-domain private-use scheme, at least two labels. */
    private static final Pattern REVERSE_DOMAIN_SCHEME = Pattern.compile("[a-z][a-z0-9-]*(\\.[a-z0-9-]+)+");

    private RedirectUris() {}

    /** Why {@code uri} cannot be registered, or empty when it can. */
    public static Optional<String> registrationProblem(String uri) {
        if (uri == null || uri.isEmpty() || uri.length() > MAX_LENGTH) {
            return Optional.of("must be a non-empty URI of at most " + MAX_LENGTH + " characters");
        }
        if (uri.contains("*")) {
            return Optional.of("must not contain a wildcard");
        }
        if (uri.contains("#")) {
            return Optional.of("must not contain a fragment");
        }
        if (!uri.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
            return Optional.of("must not contain spaces, controls or non-ASCII characters");
        }
        URI parsed;
        try {
            parsed = new URI(uri);
        } catch (URISyntaxException e) {
            return Optional.of("is not a valid URI");
        }
        if (parsed.getScheme() == null) {
            return Optional.of("must be absolute");
        }
        String scheme = parsed.getScheme();
        if (!scheme.equals(scheme.toLowerCase(Locale.ROOT))) {
            return Optional.of("scheme must be lower case");
        }
        if (parsed.getRawUserInfo() != null) {
            return Optional.of("must not contain user information");
        }
        return switch (scheme) {
            case "https" -> httpsProblem(parsed);
            case "http" ->
                isLoopback(parsed)
                        ? Optional.empty()
                        : Optional.of("http is allowed only on 127.0.0.1 or [::1]; use https");
            default -> privateSchemeProblem(parsed);
        };
    }

    /**
     * Why {@code uri} cannot be one of a client's pages or its logo (RFC 7591 §2 logo_uri, client_uri, policy_uri,
     * tos_uri), or empty when it can: https only, with every rule a redirect URI's host and form must follow.
     */
    public static Optional<String> httpsPageProblem(String uri) {
        return registrationProblem(uri)
                .or(() -> uri.startsWith("https:") ? Optional.empty() : Optional.of("must use https"));
    }

    private static Optional<String> httpsProblem(URI uri) {
        String host = uri.getHost();
        if (host == null || host.isEmpty()) {
            return Optional.of("must name a host");
        }
        if (host.equalsIgnoreCase("localhost") || host.toLowerCase(Locale.ROOT).endsWith(".localhost")) {
            return Optional.of("must not use the name localhost; use 127.0.0.1 or [::1]");
        }
        return Optional.empty();
    }

    private static Optional<String> privateSchemeProblem(URI uri) {
        if (!REVERSE_DOMAIN_SCHEME.matcher(uri.getScheme()).matches()) {
            return Optional.of("scheme must be https, loopback http, or a reverse-domain name such as com.example.app");
        }
        String ssp = uri.getRawSchemeSpecificPart();
        // RFC 8252 §7.1: com.example.app:/callback, a single slash and a path.
        if (ssp == null || !ssp.startsWith("/") || ssp.startsWith("//") || ssp.length() < 2) {
            return Optional.of("a private-use scheme must be followed by a path, as in com.example.app:/callback");
        }
        return Optional.empty();
    }

    /** http on the literal loopback addresses; the name localhost is refused (RFC 8252 §8.3). */
    public static boolean isLoopback(URI uri) {
        return "http".equals(uri.getScheme()) && ("127.0.0.1".equals(uri.getHost()) || "[::1]".equals(uri.getHost()));
    }

    /**
     * Exact string match, except that the port of a loopback redirect URI may differ at request time
     * (OAuth 2.1 §2.3.1, RFC 8252 §7.3).
     */
    public static boolean matches(String registered, String requested) {
        if (registered.equals(requested)) {
            return true;
        }
        try {
            URI reg = new URI(registered);
            URI req = new URI(requested);
            return isLoopback(reg)
                    && isLoopback(req)
                    && reg.getHost().equals(req.getHost())
                    && reg.getRawUserInfo() == null
                    && req.getRawUserInfo() == null
                    && req.getRawFragment() == null
                    && eq(reg.getRawPath(), req.getRawPath())
                    && eq(reg.getRawQuery(), req.getRawQuery());
        } catch (URISyntaxException e) {
            return false;
        }
    }

    private static boolean eq(String a, String b) {
        return a == null ? b == null : a.equals(b);
    }

    /** Appends the parameters (null values skipped) to a redirect URI, keeping its own query (RFC 6749 §3.1.2). */
    public static URI withQuery(String redirectUri, Map<String, String> params) {
        StringBuilder sb = new StringBuilder(redirectUri);
        char separator = redirectUri.indexOf('?') >= 0 ? '&' : '?';
        for (Map.Entry<String, String> e : params.entrySet()) {
            if (e.getValue() == null) {
                continue;
            }
            sb.append(separator)
                    .append(e.getKey())
                    .append('=')
                    .append(URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8));
            separator = '&';
        }
        return URI.create(sb.toString());
    }
}
