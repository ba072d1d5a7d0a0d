package dev.pressroom.auth.account;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The claims released about one account (spec, Resources C; OIDC Core §5.4), from its real data. */
@ApplicationScoped
public class ClaimsService {

    private final AccountStore accounts;

    public ClaimsService(AccountStore accounts) {
        this.accounts = accounts;
    }

    /**
     * {@code sub} and the named claims ({@link StandardClaims#released}) that the account has.
     *
     * @param names claims to release; roles are the client's own
     */
    public Uni<Map<String, Object>> claims(Account account, String clientId, Set<String> names) {
        Map<String, Object> claims = new LinkedHashMap<>();
        claims.put("sub", account.id().toString());
        if (names.contains("name")) {
            claims.put("name", account.name());
        }
        if (names.contains("picture") && account.picture() != null) {
            claims.put("picture", account.picture());
        }
        if (names.contains("updated_at")) {
            claims.put("updated_at", account.updatedAt().getEpochSecond());
        }
        if (names.contains("email")) {
            claims.put("email", account.email());
        }
        if (names.contains("email_verified")) {
            claims.put("email_verified", account.emailVerified());
        }
        Uni<Map<String, Object>> result = Uni.createFrom().item(claims);
        if (names.contains("roles")) {
            result = result.chain(c -> accounts.roles(account.id(), clientId).map(roles -> put(c, "roles", roles)));
        }
        if (names.contains(StandardClaims.LICENSES)) {
            result = result.chain(
                    c -> accounts.licenses(account.id()).map(licenses -> put(c, StandardClaims.LICENSES, licenses)));
        }
        return result;
    }

    private static Map<String, Object> put(Map<String, Object> claims, String name, List<?> value) {
        claims.put(name, value);
        return claims;
    }
}
