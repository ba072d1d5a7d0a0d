package dev.pressroom.auth.passkey;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** The accounts' passkeys (PostgreSQL, {@link PasskeyRepository}). */
public interface PasskeyStore {

    /** The account's passkeys, oldest first. */
    Uni<List<Passkey>> list(UUID accountId);

    /** The passkey an authenticator names by this credential id, whatever its account; null for none. */
    Uni<Passkey> findByCredentialId(byte[] credentialId);

    /** Adds the passkey; false when its credential id is already stored (for any account). */
    Uni<Boolean> insert(Passkey passkey);

    /**
     * Records a sign-in: the counter moves from {@code seen} to {@code next} only if it still is {@code seen}, so two
     * assertions racing with one counter value cannot both pass. False when it no longer was.
     */
    Uni<Boolean> recordUse(UUID id, long seen, long next, Instant at);

    /** Whether the passkey is still stored (it was not removed, nor its account deleted). */
    Uni<Boolean> exists(UUID id);

    /** Removes the account's passkey; answers its name, or null when the account has no such passkey. */
    Uni<String> remove(UUID accountId, UUID id);
}
