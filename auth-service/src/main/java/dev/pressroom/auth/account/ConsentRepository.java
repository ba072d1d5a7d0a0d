package dev.pressroom.auth.account;

import dev.pressroom.auth.cache.ShortLivedCache;
import dev.pressroom.auth.store.PostgresCalls;
import io.smallrye.mutiny.Uni;
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

/** Consents: which scopes an account granted a client. Granting more scopes adds to the set. */
@ApplicationScoped
public class ConsentRepository implements ConsentStore {

    private static final Duration TOUCH_INTERVAL = Duration.ofMinutes(1);

    private final PostgresCalls postgres;
    private final ShortLivedCache<String, Boolean> touched = new ShortLivedCache<>(TOUCH_INTERVAL, 10_000);
    /**
     * Consent ids as token issuance checks them: kept 5 s per replica, forgotten at once when this replica changes
     * the consent. The check backs up Redis's revocation (which is immediate on every replica), so a consent removed
     * where Redis never heard of it ends its chains within 5 s, for no PostgreSQL query per refresh of a busy app.
     */
    private final ShortLivedCache<String, UUID> currentIds = new ShortLivedCache<>(Duration.ofSeconds(5), 10_000);

    public ConsentRepository(PostgresCalls postgres) {
        this.postgres = postgres;
    }

    /** The account's consent to the client, or null. */
    @Override
    public Uni<Consent> find(UUID accountId, String clientId) {
        return postgres.query(
                        "SELECT id, scopes FROM consents WHERE account_id = $1 AND client_id = $2",
                        Tuple.of(accountId, clientId))
                .map(rows -> {
                    var it = rows.iterator();
                    if (!it.hasNext()) {
                        return null;
                    }
                    var row = it.next();
                    return new Consent(
                            row.getUUID("id"), new LinkedHashSet<>(Arrays.asList(row.getArrayOfStrings("scopes"))));
                });
    }

    /** The id of the account's consent to the client, or null, as token issuance checks it (above). */
    @Override
    public Uni<UUID> currentId(UUID accountId, String clientId) {
        return currentIds.get(
                key(accountId, clientId), k -> find(accountId, clientId).map(c -> c == null ? null : c.id()));
    }

    /** Records the scopes (added to those already granted); answers the consent's id. */
    @Override
    public Uni<UUID> grant(UUID accountId, String clientId, Set<String> scopes, Instant at) {
        OffsetDateTime time = OffsetDateTime.ofInstant(at, ZoneOffset.UTC);
        return postgres.query(
                        "INSERT INTO consents (account_id, client_id, scopes, granted_at, last_used_at) "
                                + "VALUES ($1, $2, $3, $4, $4) ON CONFLICT (account_id, client_id) DO UPDATE SET "
                                + "scopes = ARRAY(SELECT DISTINCT unnest(consents.scopes || EXCLUDED.scopes)), "
                                + "granted_at = EXCLUDED.granted_at, last_used_at = EXCLUDED.last_used_at RETURNING id",
                        Tuple.of(accountId, clientId, scopes.toArray(String[]::new), time))
                .map(rows -> rows.iterator().next().getUUID("id"))
                .invoke(() -> currentIds.forget(key(accountId, clientId)));
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

    /** Deletes the consent; answers the scopes it held, or null when there was none. */
    @Override
    public Uni<List<String>> remove(UUID accountId, String clientId) {
        return postgres.query(
                        "DELETE FROM consents WHERE account_id = $1 AND client_id = $2 RETURNING scopes",
                        Tuple.of(accountId, clientId))
                .map(rows -> rows.iterator().hasNext()
                        ? List.of(rows.iterator().next().getArrayOfStrings("scopes"))
                        : null)
                .invoke(() -> currentIds.forget(key(accountId, clientId)));
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
