package dev.pressroom.auth.keys;

import dev.pressroom.auth.audit.AuditEvent;
import dev.pressroom.auth.audit.AuditEventType;
import dev.pressroom.auth.audit.AuditLog;
import dev.pressroom.auth.audit.Origin;
import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.auth.store.PostgresCalls;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.security.GeneralSecurityException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Signing key rotation without downtime, one admin command per step:
 * <ol>
 *   <li>add (or publish a key file put in the Secret): the key is in the JWKS but does not sign;</li>
 *   <li>activate, once relying parties had time to fetch the new JWKS (its cache lifetime): it signs, and the
 *       previous key stays published;</li>
 *   <li>retire the previous key once every token it signed has expired (the ID token lifetime).</li>
 * </ol>
 * {@code force} skips the waiting times (for an emergency rotation after a key leak). Each algorithm
 * ({@link JwsAlgorithm}) rotates on its own: activating a key replaces only the key of its own algorithm.
 */
@ApplicationScoped
public class KeyRotation {

    /** The JWKS Cache-Control max-age: relying parties may hold an old JWKS this long. */
    static final Duration JWKS_CACHE = Duration.ofMinutes(5);

    private final SigningKeys keys;
    private final PostgresCalls postgres;
    private final Clock clock;
    private final Duration tokenLifetime;
    private final AuditLog audit;

    public KeyRotation(SigningKeys keys, PostgresCalls postgres, Clock clock, AuthConfig config, AuditLog audit) {
        this.keys = keys;
        this.postgres = postgres;
        this.clock = clock;
        this.tokenLifetime = config.accessTokenTtl();
        this.audit = audit;
    }

    /** A refused step: the message says why and what to do. */
    public static final class RotationException extends RuntimeException {
        public RotationException(String message) {
            super(message, null, false, false);
        }
    }

    public Uni<List<Map<String, Object>>> list() {
        return postgres.query("SELECT kid, state, changed_at FROM signing_keys").map(rows -> {
            Map<String, Map<String, Object>> byKid = new LinkedHashMap<>();
            keys.files().forEach(k -> byKid.put(k.kid(), entry(k, signs(k) ? "active" : "published", null)));
            Map<String, SigningKey> files = new LinkedHashMap<>();
            keys.files().forEach(k -> files.put(k.kid(), k));
            rows.forEach(r -> {
                if (files.containsKey(r.getString("kid"))) {
                    byKid.put(
                            r.getString("kid"),
                            entry(
                                    files.get(r.getString("kid")),
                                    r.getString("state"),
                                    r.getOffsetDateTime("changed_at").toInstant()));
                }
            });
            return new ArrayList<>(byKid.values());
        });
    }

    /** Step 1 where the key directory is writable: create a key for {@code alg} and publish it. */
    public Uni<String> add(JwsAlgorithm alg, Origin origin) {
        // RSA key generation takes a while: off the event loop.
        return Uni.createFrom()
                .item(() -> writeNewKey(alg))
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .call(kid -> publish(kid, origin));
    }

    private String writeNewKey(JwsAlgorithm alg) {
        try {
            return SigningKeys.writeNewKey(keys.dir(), clock, alg);
        } catch (IOException e) {
            throw new RotationException("The key directory is read-only here: add the PEM (named {kid}.pem) to the "
                    + "keys Secret, then publish it.");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Step 1 for a key file added to the Secret: publish it in the JWKS without signing with it. */
    public Uni<Void> publish(String kid, Origin origin) {
        SigningKey file = keys.files().stream()
                .filter(k -> k.kid().equals(kid))
                .findFirst()
                .orElse(null);
        if (file == null) {
            return Uni.createFrom().failure(new RotationException("No key file " + kid + ".pem on this replica yet."));
        }
        return postgres.inTransaction(sql -> recordCurrentActive(sql)
                        .chain(() -> sql.preparedQuery("INSERT INTO signing_keys (kid, state, changed_at, alg) "
                                        + "VALUES ($1, 'published', $2, $3) ON CONFLICT (kid) DO NOTHING")
                                .execute(Tuple.of(kid, now(), file.alg().name()))))
                .chain(keys::refresh)
                .invoke(() -> rotated(kid, "published", false, origin));
    }

    /** Step 2: sign with a published key; the previous active key of its algorithm stays published. */
    public Uni<Void> activate(String kid, boolean force, Origin origin) {
        return postgres.inTransaction(sql -> recordCurrentActive(sql)
                        .chain(() -> state(sql, kid))
                        .chain(row -> {
                            if (row == null || !"published".equals(row.state())) {
                                throw new RotationException(
                                        "Key " + kid + " must be published before it is activated.");
                            }
                            if (!force && row.changedAt().plus(JWKS_CACHE).isAfter(clock.instant())) {
                                throw new RotationException(
                                        "Key " + kid + " was published less than " + JWKS_CACHE.toMinutes()
                                                + " minutes ago: relying parties may not have it yet.");
                            }
                            return sql.preparedQuery("UPDATE signing_keys SET state = 'published', changed_at = $1 "
                                            + "WHERE state = 'active' AND alg = $2")
                                    .execute(Tuple.of(now(), row.alg()))
                                    .chain(() -> sql.preparedQuery(
                                                    "UPDATE signing_keys SET state = 'active', changed_at = $2 WHERE kid = $1")
                                            .execute(Tuple.of(kid, now())));
                        }))
                .chain(keys::refresh)
                .invoke(() -> rotated(kid, "activated", force, origin));
    }

    /** Step 3: stop publishing a key that no longer signs, once the tokens it signed have expired. */
    public Uni<Void> retire(String kid, boolean force, Origin origin) {
        return postgres.inTransaction(sql -> recordCurrentActive(sql)
                        .chain(() -> state(sql, kid))
                        .chain(row -> {
                            if (row == null || !"published".equals(row.state())) {
                                throw new RotationException("Only a published key that does not sign can be retired.");
                            }
                            if (!force && row.changedAt().plus(tokenLifetime).isAfter(clock.instant())) {
                                throw new RotationException(
                                        "Tokens signed with " + kid + " may still be valid for up to "
                                                + tokenLifetime.toMinutes() + " minutes after it stopped signing.");
                            }
                            return sql.preparedQuery(
                                            "UPDATE signing_keys SET state = 'retired', changed_at = $2 WHERE kid = $1")
                                    .execute(Tuple.of(kid, now()));
                        }))
                .chain(keys::refresh)
                .invoke(() -> rotated(kid, "retired", force, origin));
    }

    private void rotated(String kid, String step, boolean forced, Origin origin) {
        audit.record(AuditEvent.of(AuditEventType.SIGNING_KEY_ROTATED, null, null, origin)
                .with("kid", kid)
                .with("step", step)
                .with("forced", forced));
    }

    /**
     * Before the first rotation of an algorithm, its signing key is implicit (greatest kid): record it, and drop stale
     * rows.
     */
    private Uni<Void> recordCurrentActive(SqlClient sql) {
        List<String> files = keys.files().stream().map(SigningKey::kid).toList();
        Uni<Void> recorded = sql.preparedQuery(
                        "UPDATE signing_keys SET state = 'retired' WHERE state = 'active' AND NOT (kid = ANY($1))")
                .execute(Tuple.of(files.toArray(String[]::new)))
                .replaceWithVoid();
        for (JwsAlgorithm alg : JwsAlgorithm.values()) {
            recorded = recorded.chain(() -> keys.active(alg)
                    .map(active -> sql.preparedQuery("INSERT INTO signing_keys (kid, state, changed_at, alg) "
                                    + "SELECT $1, 'active', $2, $3 WHERE NOT EXISTS "
                                    + "(SELECT 1 FROM signing_keys WHERE state = 'active' AND alg = $3) "
                                    + "ON CONFLICT (kid) DO NOTHING")
                            .execute(Tuple.of(active.kid(), now(), alg.name()))
                            .replaceWithVoid())
                    .orElseGet(() -> Uni.createFrom().voidItem()));
        }
        return recorded;
    }

    private boolean signs(SigningKey key) {
        return keys.active(key.alg())
                .map(active -> active.kid().equals(key.kid()))
                .orElse(false);
    }

    private Uni<Row> state(SqlClient sql, String kid) {
        return sql.preparedQuery("SELECT state, changed_at, alg FROM signing_keys WHERE kid = $1")
                .execute(Tuple.of(kid))
                .map(rows -> {
                    var it = rows.iterator();
                    if (!it.hasNext()) {
                        return null;
                    }
                    var r = it.next();
                    return new Row(
                            r.getString("state"),
                            r.getOffsetDateTime("changed_at").toInstant(),
                            r.getString("alg"));
                });
    }

    private OffsetDateTime now() {
        return OffsetDateTime.ofInstant(clock.instant(), ZoneOffset.UTC);
    }

    private static Map<String, Object> entry(SigningKey key, String state, Instant changedAt) {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("kid", key.kid());
        e.put("alg", key.alg().name());
        e.put("state", state);
        e.put("changed_at", changedAt == null ? null : changedAt.toString());
        return e;
    }

    private record Row(String state, Instant changedAt, String alg) {}
}
