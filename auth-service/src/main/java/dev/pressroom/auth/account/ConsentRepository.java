package dev.pressroom.auth.account;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.UUID;

/** Consents: which scopes an account granted a client. Granting more scopes adds to the set. */
@ApplicationScoped
public class ConsentRepository {

    private final Pool pool;

    public ConsentRepository(Pool pool) {
        this.pool = pool;
    }

    public Uni<Set<String>> granted(UUID accountId, String clientId) {
        return pool.preparedQuery("SELECT scopes FROM consents WHERE account_id = $1 AND client_id = $2")
                .execute(Tuple.of(accountId, clientId))
                .map(rows -> {
                    var it = rows.iterator();
                    return it.hasNext() ? new LinkedHashSet<>(Arrays.asList(it.next().getArrayOfStrings("scopes")))
                            : new LinkedHashSet<>();
                });
    }

    public Uni<Void> grant(UUID accountId, String clientId, Set<String> scopes, Instant at) {
        OffsetDateTime time = OffsetDateTime.ofInstant(at, ZoneOffset.UTC);
        return pool.preparedQuery("INSERT INTO consents (account_id, client_id, scopes, granted_at, last_used_at) "
                        + "VALUES ($1, $2, $3, $4, $4) ON CONFLICT (account_id, client_id) DO UPDATE SET "
                        + "scopes = ARRAY(SELECT DISTINCT unnest(consents.scopes || EXCLUDED.scopes)), "
                        + "granted_at = EXCLUDED.granted_at, last_used_at = EXCLUDED.last_used_at")
                .execute(Tuple.of(accountId, clientId, scopes.toArray(String[]::new), time)).replaceWithVoid();
    }

    public Uni<Void> touch(UUID accountId, String clientId, Instant at) {
        return pool.preparedQuery("UPDATE consents SET last_used_at = $3 WHERE account_id = $1 AND client_id = $2")
                .execute(Tuple.of(accountId, clientId, OffsetDateTime.ofInstant(at, ZoneOffset.UTC))).replaceWithVoid();
    }
}
