package dev.pressroom.auth.store;

import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;

/**
 * What a token stands for: the grant (one code exchange and every refresh after it), the client, the
 * account and the granted scopes. Access and refresh tokens carry it, so revoking the grant id revokes all.
 */
@RegisterForReflection
public record Grant(String grantId, String clientId, String accountId, List<String> scopes, long authTime,
                    String sid, List<String> amr, long issuedAt, long expiresAt) {

    public Grant withScopes(List<String> narrowed, long issuedAt, long expiresAt) {
        return new Grant(grantId, clientId, accountId, narrowed, authTime, sid, amr, issuedAt, expiresAt);
    }
}
