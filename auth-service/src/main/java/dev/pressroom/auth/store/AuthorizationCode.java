package dev.pressroom.auth.store;

import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;

/**
 * What an authorization code stands for, kept in Redis under the code's hash for five minutes. {@code passkeyId}: the
 * passkey the session signed in with, null for a password.
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
        String passkeyId) {}
