package dev.pressroom.auth.store;

import dev.pressroom.auth.request.RequestedClaims;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;

/**
 * What a token stands for: the grant (one code exchange and every refresh after it), the consent it rests on, the
 * client, the account and the granted scopes. Access and refresh tokens carry it, so revoking the grant id revokes
 * all. {@code chainStart} is when the code was issued: the refresh chain's absolute lifetime counts from it.
 * {@code passkeyId}: the passkey the session signed in with, null for a password; once it is removed the grant ends.
 * {@code claims}: the claims parameter's claims, answered in every ID token of the grant and in user info.
 * {@code jkt}: the thumbprint of the DPoP key the token is bound to (RFC 9449 §6.1), null for a bearer token; on a
 * grant's refresh tokens, the key a public client's refresh must prove (§5).
 */
@RegisterForReflection
public record Grant(
        String grantId,
        String consentId,
        String clientId,
        String accountId,
        List<String> scopes,
        long authTime,
        String sid,
        List<String> amr,
        long chainStart,
        long issuedAt,
        long expiresAt,
        String passkeyId,
        RequestedClaims claims,
        String jkt) {

    /** Grants made before the claims parameter existed asked for none. */
    @Override
    public RequestedClaims claims() {
        return claims == null ? RequestedClaims.NONE : claims;
    }

    public Grant withScopes(List<String> narrowed, long issuedAt, long expiresAt) {
        return copy(narrowed, issuedAt, expiresAt, jkt);
    }

    /** The same grant bound to another DPoP key, or to none. */
    public Grant boundTo(String dpopJkt) {
        return copy(scopes, issuedAt, expiresAt, dpopJkt);
    }

    /** The one place that lists every member: the copies above change only what they name. */
    private Grant copy(List<String> newScopes, long newIssuedAt, long newExpiresAt, String newJkt) {
        return new Grant(
                grantId,
                consentId,
                clientId,
                accountId,
                newScopes,
                authTime,
                sid,
                amr,
                chainStart,
                newIssuedAt,
                newExpiresAt,
                passkeyId,
                claims,
                newJkt);
    }
}
