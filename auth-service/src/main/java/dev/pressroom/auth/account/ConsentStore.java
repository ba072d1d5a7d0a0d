package dev.pressroom.auth.account;

import dev.pressroom.auth.store.ConsentMirror;
import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/** Consents: which scopes an account granted a client ({@link ConsentRepository}: PostgreSQL). */
public interface ConsentStore {

    /** A consent: its id (kept while scopes are added, new after a removal) and the scopes granted. */
    record Consent(UUID id, Set<String> scopes) {}

    /** A granted app as the Connected apps page lists it. */
    record ConnectedApp(
            String clientId,
            String name,
            boolean verified,
            List<String> scopes,
            Instant grantedAt,
            Instant lastUsedAt) {}

    /**
     * The account's consent to the client, or null, as an authorization checks it: fresh on every replica (every
     * change is written to Redis's copy before it is answered; store/ConsentMirror).
     */
    Uni<Consent> find(UUID accountId, String clientId);

    /** {@link #find}, with Redis's copy already read beside the session (null when Redis holds none). */
    Uni<Consent> find(UUID accountId, String clientId, ConsentMirror.Copy copy);

    /**
     * The id of the account's consent to the client, or null, as token issuance checks it: a replica may answer from
     * a copy a few seconds old, but forgets it at once when the consent changes through that replica.
     */
    Uni<UUID> currentId(UUID accountId, String clientId);

    /** Records the scopes (added to those already granted); answers the consent's id. */
    Uni<UUID> grant(UUID accountId, String clientId, Set<String> scopes, Instant at);

    /** The apps an account granted, with the client's name and badge, for the Connected apps page. */
    Uni<List<ConnectedApp>> connectedApps(UUID accountId);

    /** Deletes the consent; answers the scopes it held, or null when there was none. */
    Uni<List<String>> remove(UUID accountId, String clientId);

    /** Records that the consent is gone, once its row was deleted with something else (its client). */
    Uni<Void> removed(UUID accountId, String clientId);

    /** Records use for the Connected apps page (at most about once a minute per app). */
    Uni<Void> touch(UUID accountId, String clientId, Instant at);
}
