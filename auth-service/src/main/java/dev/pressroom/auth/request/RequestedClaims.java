package dev.pressroom.auth.request;

import dev.pressroom.auth.account.StandardClaims;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Claims an app asked for one by one with the claims parameter (OIDC Core §5.5), for the ID token and for user info:
 * only claims this provider releases ({@link StandardClaims}). Kept with the pending request, the code and the grant,
 * so the token endpoint, every refresh and user info answer them.
 */
@RegisterForReflection
public record RequestedClaims(List<String> idToken, List<String> userInfo) {

    public static final RequestedClaims NONE = new RequestedClaims(List.of(), List.of());

    public RequestedClaims {
        idToken = idToken == null ? List.of() : List.copyOf(idToken);
        userInfo = userInfo == null ? List.of() : List.copyOf(userInfo);
    }

    /** The scopes whose consent these claims need: the consent page asks for them like requested scopes. */
    public Set<String> scopes() {
        Set<String> scopes = new LinkedHashSet<>();
        idToken.forEach(c -> scopes.add(StandardClaims.scopeOf(c)));
        userInfo.forEach(c -> scopes.add(StandardClaims.scopeOf(c)));
        return scopes;
    }

    /** Only the claims whose scope the client may ask for: the claims parameter is no way around its scopes. */
    public RequestedClaims restrictedTo(Predicate<String> scopeAllowed) {
        return new RequestedClaims(
                idToken.stream()
                        .filter(c -> scopeAllowed.test(StandardClaims.scopeOf(c)))
                        .toList(),
                userInfo.stream()
                        .filter(c -> scopeAllowed.test(StandardClaims.scopeOf(c)))
                        .toList());
    }
}
