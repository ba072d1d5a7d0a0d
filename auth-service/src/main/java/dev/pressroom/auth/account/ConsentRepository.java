package dev.pressroom.auth.account;

import dev.pressroom.auth.cache.ShortLivedCache;
import dev.pressroom.auth.store.ConsentMirror;
import dev.pressroom.auth.store.PostgresCalls;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * Consents: which scopes an account granted a client, in PostgreSQL. Granting more scopes adds to the set. Each change
 * takes a version and is written to the authorization's copy in Redis ({@link ConsentMirror}) before it is answered.
 */
@ApplicationScoped
public class ConsentRepository implements ConsentStore {

    private static final Duration TOUCH_INTERVAL = Duration.ofMinutes(1);

    private final PostgresCalls postgres;
    private final ConsentMirror mirror;
    private final ShortLivedCache<String, Boolean> touched = new ShortLivedCache<>(TOUCH_INTERVAL, 10_000);
    /**
     * Consent ids as token issuance checks them: kept 5 s per replica, forgotten at once when this replica changes
     * the consent. The check backs up Redis's revocation (which is immediate on every replica), so a consent removed
     * where Redis never heard of it ends its chains within 5 s, for no PostgreSQL query per refresh of a busy app.
     */
    private final ShortLivedCache<String, UUID> currentIds = new ShortLivedCache<>(Duration.ofSeconds(5), 10_000);

    public ConsentRepository(PostgresCalls postgres, ConsentMirror mirror) {
        this.postgres = postgres;
        this.mirror = mirror;
    }

    /** The account's consent to the client, or null: from Redis's copy, or PostgreSQL's row when there is none. */
    @Override
    public Uni<Consent> find(UUID accountId, String clientId) {
        return mirror.find(accountId.toString(), clientId).chain(copy -> find(accountId, clientId, copy));
    }

    @Override
    public Uni<Consent> find(UUID accountId, String clientId, ConsentMirror.Copy copy) {
        return copy == null
                ? stored(accountId, clientId)
                        .call(row -> mirror.write(accountId.toString(), clientId, row))
                        .map(ConsentRepository::consent)
                : Uni.createFrom().item(consent(copy));
    }

    /**
     * The id of the account's consent to the client, or null, as token issuance checks it (above): from PostgreSQL,
     * not the copy, so a consent removed where Redis missed it still ends the chains resting on it.
     */
    @Override
    public Uni<UUID> currentId(UUID accountId, String clientId) {
        return currentIds.get(
                key(accountId, clientId),
                k -> stored(accountId, clientId).map(row -> row.isRemoved() ? null : row.id()));
    }

    /** The row as a copy; version 0 when there is none, which fills only an empty copy. */
    private Uni<ConsentMirror.Copy> stored(UUID accountId, String clientId) {
        return postgres.query(
                        "SELECT id, scopes, version FROM consents WHERE account_id = $1 AND client_id = $2",
                        Tuple.of(accountId, clientId))
                .map(rows -> {
                    var it = rows.iterator();
                    return it.hasNext() ? copy(it.next()) : ConsentMirror.Copy.removed(0);
                });
    }

    private static ConsentMirror.Copy copy(Row row) {
        return new ConsentMirror.Copy(
                row.getLong("version"),
                row.getUUID("id"),
                new LinkedHashSet<>(Arrays.asList(row.getArrayOfStrings("scopes"))));
    }

    private static Consent consent(ConsentMirror.Copy copy) {
        return copy.isRemoved() ? null : new Consent(copy.id(), copy.scopes());
    }

    /** Records the scopes (added to those already granted); answers the consent's id. */
    @Override
    public Uni<UUID> grant(UUID accountId, String clientId, Set<String> scopes, Instant at) {
        OffsetDateTime time = OffsetDateTime.ofInstant(at, ZoneOffset.UTC);
        return postgres.query(
                        "INSERT INTO consents (account_id, client_id, scopes, granted_at, last_used_at) "
                                + "VALUES ($1, $2, $3, $4, $4) ON CONFLICT (account_id, client_id) DO UPDATE SET "
                                + "scopes = ARRAY(SELECT DISTINCT unnest(consents.scopes || EXCLUDED.scopes)), "
                                + "granted_at = EXCLUDED.granted_at, last_used_at = EXCLUDED.last_used_at, "
                                + "version = nextval('consent_versions') RETURNING id, scopes, version",
                        Tuple.of(accountId, clientId, scopes.toArray(String[]::new), time))
                .map(rows -> copy(rows.iterator().next()))
                .invoke(() -> currentIds.forget(key(accountId, clientId)))
                .call(row -> mirror.write(accountId.toString(), clientId, row))
                .map(ConsentMirror.Copy::id);
    }

    /** The apps an account granted, with the client's name and badge, for the Connected apps page. */
    @Override
    public Uni<List<ConnectedApp>> connectedApps(UUID accountId) {
        return postgres.query(
                        "SELECT c.client_id, cl.name, cl.verified, c.scopes, c.granted_at, c.last_used_at "
                                + "FROM consents c JOIN clients cl ON cl.id = c.client_id WHERE c.account_id = $1 ORDER BY lower(cl.name)",
                        Tuple.of(accountId))
                .map(rows -> {
                    List<ConnectedApp> apps = new ArrayList<>();
                    rows.forEach(r -> apps.add(new ConnectedApp(
                            r.getString("client_id"),
                            r.getString("name"),
                            r.getBoolean("verified"),
                            List.of(r.getArrayOfStrings("scopes")),
                            r.getOffsetDateTime("granted_at").toInstant(),
                            r.getOffsetDateTime("last_used_at") == null
                                    ? null
                                    : r.getOffsetDateTime("last_used_at").toInstant())));
                    return apps;
                });
    }

    /**
     * Deletes the consent; answers the scopes it held, or null when there was none. The copy is marked removed even
     * when there was no row, so removing again after a Redis failure puts the copy right.
     */
    @Override
    public Uni<List<String>> remove(UUID accountId, String clientId) {
        return postgres.query(
                        "DELETE FROM consents WHERE account_id = $1 AND client_id = $2 RETURNING scopes",
                        Tuple.of(accountId, clientId))
                .map(rows -> rows.iterator().hasNext()
                        ? List.of(rows.iterator().next().getArrayOfStrings("scopes"))
                        : null)
                .call(() -> removed(accountId, clientId));
    }

    /**
     * The version is taken after the delete committed, so it is higher than that of any copy read before it; the
     * copy then says removed and no earlier read can bring the consent back.
     */
    @Override
    public Uni<Void> removed(UUID accountId, String clientId) {
        currentIds.forget(key(accountId, clientId));
        return postgres.query("SELECT nextval('consent_versions') AS version")
                .map(rows -> ConsentMirror.Copy.removed(rows.iterator().next().getLong("version")))
                .chain(marker -> mirror.write(accountId.toString(), clientId, marker));
    }

    /**
     * Records use for the Connected apps page, at most once a minute per app: the SQL skips rows written in the
     * last minute, and this replica does not even ask again for an app it touched in the last minute, so a code
     * exchange or refresh costs no database round trip in the common case.
     */
    @Override
    public Uni<Void> touch(UUID accountId, String clientId, Instant at) {
        return touched.get(key(accountId, clientId), k -> update(accountId, clientId, at))
                .replaceWithVoid();
    }

    private Uni<Boolean> update(UUID accountId, String clientId, Instant at) {
        OffsetDateTime time = OffsetDateTime.ofInstant(at, ZoneOffset.UTC);
        return postgres.query(
                        "UPDATE consents SET last_used_at = $3 WHERE account_id = $1 AND client_id = $2 "
                                + "AND (last_used_at IS NULL OR last_used_at < $4)",
                        Tuple.of(accountId, clientId, time, time.minus(TOUCH_INTERVAL)))
                .replaceWith(true);
    }

    private static String key(UUID accountId, String clientId) {
        return accountId + " " + clientId;
    }
}
