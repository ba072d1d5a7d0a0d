package dev.pressroom.auth.store;

import dev.pressroom.auth.request.RequestedClaims;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;

/**
 * What an authorization code stands for, kept in Redis under the code's hash for five minutes. {@code passkeyId}: the
 * passkey the session signed in with, null for a password. {@code claims}: what the claims parameter asked for, the
 * person having consented to their scopes. {@code dpopJkt}: the DPoP key the code is bound to (RFC 9449 §10), whose
 * proof the token request must carry; null when none.
 */
@RegisterForReflection
public record AuthorizationCode(
        String clientId,
        String redirectUri,
        String accountId,
        List<String> scopes,
        String nonce,
        String codeChallenge,
        long authTime,
        String sid,
        List<String> amr,
        String grantId,
        String consentId,
        long issuedAt,
        String passkeyId,
        RequestedClaims claims,
        String dpopJkt) {

    /** Codes issued before the claims parameter existed asked for none. */
    @Override
    public RequestedClaims claims() {
        return claims == null ? RequestedClaims.NONE : claims;
    }
}
