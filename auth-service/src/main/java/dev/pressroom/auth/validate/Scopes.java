package dev.pressroom.auth.validate;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/** The six scopes of the spec, and scope-string parsing (RFC 6749 §3.3). */
public final class Scopes {

    public static final String OPENID = "openid";
    public static final String PROFILE = "profile";
    public static final String EMAIL = "email";
    public static final String ROLES = "roles";
    public static final String LICENSES_READ = "licenses:read";
    public static final String OFFLINE_ACCESS = "offline_access";

    /** The scopes in display order (spec, Resources C); their consent wording is in the pages' messages. */
    public static final List<String> ALL = List.of(OPENID, PROFILE, EMAIL, ROLES, LICENSES_READ, OFFLINE_ACCESS);

    /** RFC 6749 §3.3 scope-token characters. */
    private static final Pattern TOKEN = Pattern.compile("[\\x21\\x23-\\x5B\\x5D-\\x7E]+");

    private Scopes() {}

    /** Parses a space-separated scope string into an ordered set; null when a token is malformed. */
    public static Set<String> parse(String scope) {
        Set<String> result = new LinkedHashSet<>();
        if (scope == null) {
            return result;
        }
        for (String token : scope.split(" ", -1)) {
            if (token.isEmpty()) {
                continue;
            }
            if (!TOKEN.matcher(token).matches()) {
                return null;
            }
            result.add(token);
        }
        return result;
    }

    public static boolean isKnown(String scope) {
        return ALL.contains(scope);
    }

    /**
     * What a client that registers itself without a scope gets: the standard scopes such a client may hold. OIDC
     * Dynamic Client Registration has no scope member, so standard registration code sends none and then asks for
     * these; RFC 7591 §2 lets the server choose the default.
     */
    public static final List<String> REGISTRATION_DEFAULT = List.of(OPENID, PROFILE, EMAIL, OFFLINE_ACCESS);

    /**
     * The scopes a client that registers itself may hold, out of those it asked for (RFC 7591 §2 lets the server
     * replace requested metadata): every known scope but roles, which are for first-party apps only (spec C), and
     * always openid, which every authorization request carries. Unknown or malformed values are dropped, so a
     * scope of nothing else is just openid. No scope at all (absent or blank) is {@link #REGISTRATION_DEFAULT}.
     */
    public static Set<String> registrable(String requested) {
        if (requested == null || requested.isBlank()) {
            return new LinkedHashSet<>(REGISTRATION_DEFAULT);
        }
        Set<String> granted = new LinkedHashSet<>();
        granted.add(OPENID);
        for (String token : requested.split(" ", -1)) {
            if (isKnown(token) && !ROLES.equals(token)) {
                granted.add(token);
            }
        }
        return ordered(granted);
    }

    /** Sorted in the table's order, so the consent page and the token answers read the same every time. */
    public static Set<String> ordered(Iterable<String> scopes) {
        Set<String> given = new LinkedHashSet<>();
        scopes.forEach(given::add);
        Set<String> result = new LinkedHashSet<>();
        ALL.stream().filter(given::contains).forEach(result::add);
        return result;
    }
}
