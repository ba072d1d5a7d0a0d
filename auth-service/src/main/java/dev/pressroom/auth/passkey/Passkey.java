package dev.pressroom.auth.passkey;

import java.time.Instant;
import java.util.UUID;

/**
 * A passkey of an account as stored: the authenticator's credential id and attested credential data (AAGUID, COSE
 * public key), the last signature counter seen, the person's name for it, and when it was added and last used (null:
 * never). {@code transports} is the space-separated list the browser reported, handed back in exclude lists.
 */
// Byte strings as webauthn4j and the bytea columns take them; a passkey is never compared with equals.
@SuppressWarnings("ArrayRecordComponent")
public record Passkey(
        UUID id,
        UUID accountId,
        byte[] credentialId,
        byte[] attestedCredentialData,
        long signCount,
        String name,
        String transports,
        boolean backupEligible,
        boolean backedUp,
        Instant createdAt,
        Instant lastUsedAt) {}
