package dev.pressroom.auth.account;

import dev.pressroom.auth.validate.Scopes;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The claims about a person this provider releases, each belonging to one scope (spec, Resources C; OIDC Core §5.4).
 * A scope releases all of its claims; the claims parameter (OIDC Core §5.5) asks for single ones, which are released
 * only where the person consented to their scope. {@code sub} is always released and so belongs to none.
 */
public final class StandardClaims {

    public static final String LICENSES = "licenses";

    /** Claim to scope, in the order the answers list them. */
    private static final Map<String, String> SCOPE_OF = scopes();

    private StandardClaims() {}

    private static Map<String, String> scopes() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("name", Scopes.PROFILE);
        m.put("picture", Scopes.PROFILE);
        m.put("updated_at", Scopes.PROFILE);
        m.put("email", Scopes.EMAIL);
        m.put("email_verified", Scopes.EMAIL);
        m.put("roles", Scopes.ROLES);
        m.put(LICENSES, Scopes.LICENSES_READ);
        return m;
    }

    /** The scope whose consent releases {@code claim}; null for a claim this provider does not release this way. */
    public static String scopeOf(String claim) {
        return SCOPE_OF.get(claim);
    }

    /**
     * Whether {@code claim} may be in this kind of answer: licenses are released in user info only (the spec's scope
     * table: a list that may grow has no place in every ID token).
     */
    public static boolean releasedIn(String claim, boolean userInfo) {
        return SCOPE_OF.containsKey(claim) && (userInfo || !LICENSES.equals(claim));
    }

    /**
     * The claims to release: those of the granted scopes and the single ones asked for, in a fixed order.
     *
     * @param requested claims asked for one by one (the claims parameter), their scopes consented to
     */
    public static Set<String> released(Collection<String> scopes, Collection<String> requested, boolean userInfo) {
        Set<String> names = new LinkedHashSet<>();
        SCOPE_OF.forEach((claim, scope) -> {
            if ((scopes.contains(scope) || requested.contains(claim)) && releasedIn(claim, userInfo)) {
                names.add(claim);
            }
        });
        return names;
    }
}
