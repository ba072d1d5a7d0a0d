package dev.pressroom.auth.passkey;

import dev.pressroom.auth.store.PostgresCalls;
import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/** Passkeys in PostgreSQL (migration V6). */
@ApplicationScoped
public class PasskeyRepository implements PasskeyStore {

    private static final String COLUMNS = "id, account_id, credential_id, attested_credential_data, sign_count, name, "
            + "transports, backup_eligible, backed_up, created_at, last_used_at";

    private final PostgresCalls postgres;

    public PasskeyRepository(PostgresCalls postgres) {
        this.postgres = postgres;
    }

    @Override
    public Uni<List<Passkey>> list(UUID accountId) {
        return postgres.query(
                        "SELECT " + COLUMNS + " FROM passkeys WHERE account_id = $1 ORDER BY created_at, id",
                        Tuple.of(accountId))
                .map(rows -> {
                    List<Passkey> all = new ArrayList<>();
                    rows.forEach(r -> all.add(passkey(r)));
                    return all;
                });
    }

    @Override
    public Uni<Passkey> findByCredentialId(byte[] credentialId) {
        return postgres.query(
                        "SELECT " + COLUMNS + " FROM passkeys WHERE credential_id = $1",
                        Tuple.of(Buffer.buffer(credentialId)))
                .map(rows -> {
                    var it = rows.iterator();
                    return it.hasNext() ? passkey(it.next()) : null;
                });
    }

    @Override
    public Uni<Boolean> insert(Passkey p) {
        return postgres.query(
                        "INSERT INTO passkeys (" + COLUMNS + ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, "
                                + "$10, $11) ON CONFLICT (credential_id) DO NOTHING",
                        Tuple.tuple(Arrays.asList(
                                p.id(),
                                p.accountId(),
                                Buffer.buffer(p.credentialId()),
                                Buffer.buffer(p.attestedCredentialData()),
                                p.signCount(),
                                p.name(),
                                p.transports(),
                                p.backupEligible(),
                                p.backedUp(),
                                utc(p.createdAt()),
                                p.lastUsedAt() == null ? null : utc(p.lastUsedAt()))))
                .map(rows -> rows.rowCount() == 1);
    }

    @Override
    public Uni<Boolean> recordUse(UUID id, long seen, long next, Instant at) {
        return postgres.query(
                        "UPDATE passkeys SET sign_count = $3, last_used_at = $4 WHERE id = $1 AND sign_count = $2",
                        Tuple.of(id, seen, next, utc(at)))
                .map(rows -> rows.rowCount() == 1);
    }

    @Override
    public Uni<Boolean> exists(UUID id) {
        return postgres.query("SELECT 1 FROM passkeys WHERE id = $1", Tuple.of(id))
                .map(rows -> rows.rowCount() == 1);
    }

    @Override
    public Uni<String> remove(UUID accountId, UUID id) {
        return postgres.query(
                        "DELETE FROM passkeys WHERE account_id = $1 AND id = $2 RETURNING name",
                        Tuple.of(accountId, id))
                .map(rows -> {
                    var it = rows.iterator();
                    return it.hasNext() ? it.next().getString("name") : null;
                });
    }

    private static OffsetDateTime utc(Instant at) {
        return OffsetDateTime.ofInstant(at, ZoneOffset.UTC);
    }

    private static Passkey passkey(Row r) {
        OffsetDateTime lastUsed = r.getOffsetDateTime("last_used_at");
        return new Passkey(
                r.getUUID("id"),
                r.getUUID("account_id"),
                r.getBuffer("credential_id").getBytes(),
                r.getBuffer("attested_credential_data").getBytes(),
                r.getLong("sign_count"),
                r.getString("name"),
                r.getString("transports"),
                r.getBoolean("backup_eligible"),
                r.getBoolean("backed_up"),
                r.getOffsetDateTime("created_at").toInstant(),
                lastUsed == null ? null : lastUsed.toInstant());
    }
}
