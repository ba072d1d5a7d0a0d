package dev.pressroom.auth.request;

import dev.pressroom.auth.error.OAuthException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Parses an application/x-www-form-urlencoded body (RFC 6749 §3.2 requires this encoding). Anything else,
 * JSON included, is an invalid_request in the OAuth shape rather than a generic 415.
 */
public final class FormBody {

    private FormBody() {}

    public static Params parse(String contentType, String body) {
        if (contentType == null
                || !contentType.toLowerCase(Locale.ROOT).startsWith("application/x-www-form-urlencoded")) {
            throw OAuthException.invalidRequest("The body must be application/x-www-form-urlencoded.");
        }
        return new Params(
                        decode(body, () -> OAuthException.invalidRequest("The form body is malformed.")),
                        OAuthException::invalidRequest)
                .checkAll();
    }

    /**
     * The name/value pairs of a form body; {@code malformed} is what a bad percent-escape becomes, in the caller's
     * error shape (the JAX-RS form reader throws unchecked exceptions there, which would be a 500).
     */
    public static Map<String, List<String>> decode(String body, Supplier<RuntimeException> malformed) {
        Map<String, List<String>> values = new HashMap<>();
        if (body != null && !body.isEmpty()) {
            for (String pair : body.split("&", -1)) {
                if (pair.isEmpty()) {
                    continue;
                }
                int eq = pair.indexOf('=');
                try {
                    String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
                    String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
                    values.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
                } catch (IllegalArgumentException e) {
                    throw malformed.get();
                }
            }
        }
        return values;
    }
}
