package dev.pressroom.auth.account;

import dev.pressroom.auth.validate.Scopes;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The claims each granted scope releases (spec, Resources C; OIDC Core §5.4), from the account's real data. */
@ApplicationScoped
public class ClaimsService {

    private final AccountStore accounts;

    public ClaimsService(AccountStore accounts) {
        this.accounts = accounts;
    }

    /**
     * The claims of the granted scopes for one account.
     *
     * @param forUserInfo licenses are released in user info only (spec's scope table); roles in both.
     */
    public Uni<Map<String, Object>> claims(Account account, String clientId, Set<String> scopes, boolean forUserInfo) {
        Map<String, Object> claims = new LinkedHashMap<>();
        claims.put("sub", account.id().toString());
        if (scopes.contains(Scopes.PROFILE)) {
            claims.put("name", account.name());
            if (account.picture() != null) {
                claims.put("picture", account.picture());
            }
            claims.put("updated_at", account.updatedAt().getEpochSecond());
        }
        if (scopes.contains(Scopes.EMAIL)) {
            claims.put("email", account.email());
            claims.put("email_verified", account.emailVerified());
        }
        Uni<Map<String, Object>> result = Uni.createFrom().item(claims);
        if (scopes.contains(Scopes.ROLES)) {
            result = result.chain(c -> accounts.roles(account.id(), clientId).map(roles -> put(c, "roles", roles)));
        }
        if (forUserInfo && scopes.contains(Scopes.LICENSES_READ)) {
            result = result.chain(c -> accounts.licenses(account.id()).map(licenses -> put(c, "licenses", licenses)));
        }
        return result;
    }

    private static Map<String, Object> put(Map<String, Object> claims, String name, List<?> value) {
        claims.put(name, value);
        return claims;
    }
}
