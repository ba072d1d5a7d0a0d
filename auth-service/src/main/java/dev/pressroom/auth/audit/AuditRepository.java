package dev.pressroom.auth.audit;

import dev.pressroom.auth.store.PostgresCalls;
import io.smallrye.mutiny.Uni;
import io.vertx.core.json.JsonObject;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** The audit_events table (V5): batched inserts, filtered pages newest first, deletion by age. */
@ApplicationScoped
public class AuditRepository implements AuditStore {

    /** The account of a failed sign-in is the one with the typed email, if any (accounts store emails lower-cased). */
    private static final String INSERT = "INSERT INTO audit_events "
            + "(occurred_at, type, account_id, client_id, address, user_agent, details) VALUES "
            + "($1, $2, COALESCE($3, (SELECT id FROM accounts WHERE email = $4)), $5, $6, $7, $8)";

    private final PostgresCalls postgres;

    public AuditRepository(PostgresCalls postgres) {
        this.postgres = postgres;
    }

    /** A stored event; {@code clientName} is the client's current name where it still exists (for the account page). */
    public record StoredEvent(
            long id,
            Instant occurredAt,
            String type,
            UUID accountId,
            String clientId,
            String clientName,
            String address,
            String userAgent,
            Map<String, Object> details) {}

    /** Filters of the admin API; null means any. */
    public record Filter(String type, UUID accountId, String clientId, Instant from, Instant to, Long before) {}

    @Override
    public Uni<Void> insert(List<Timed> events) {
        List<Tuple> rows = new ArrayList<>(events.size());
        for (Timed t : events) {
            AuditEvent e = t.event();
            rows.add(Tuple.from(new Object[] {
                OffsetDateTime.ofInstant(t.at(), ZoneOffset.UTC),
                e.type().code(),
                e.accountId(),
                e.signInEmail(),
                e.clientId(),
                e.origin().address(),
                e.origin().userAgent(),
                new JsonObject(e.details())
            }));
        }
        return postgres.batch(INSERT, rows).replaceWithVoid();
    }

    /** Newest first, at most {@code limit}, each filter applied when set; {@code before} is the paging cursor (an id). */
    public Uni<List<StoredEvent>> find(Filter f, int limit) {
        return postgres.query(
                        "SELECT e.*, c.name AS client_name FROM audit_events e "
                                + "LEFT JOIN clients c ON c.id = e.client_id WHERE ($1::text IS NULL OR e.type = $1) "
                                + "AND ($2::uuid IS NULL OR e.account_id = $2) AND ($3::text IS NULL OR e.client_id = $3) "
                                + "AND ($4::timestamptz IS NULL OR e.occurred_at >= $4) "
                                + "AND ($5::timestamptz IS NULL OR e.occurred_at < $5) "
                                + "AND ($6::bigint IS NULL OR e.id < $6) ORDER BY e.id DESC LIMIT $7",
                        Tuple.from(new Object[] {
                            f.type(), f.accountId(), f.clientId(), time(f.from()), time(f.to()), f.before(), limit
                        }))
                .map(AuditRepository::events);
    }

    /** The account's newest events of the given types, for its own page. */
    public Uni<List<StoredEvent>> recent(UUID accountId, List<AuditEventType> types, int limit) {
        return postgres.query(
                        "SELECT e.*, c.name AS client_name FROM audit_events e "
                                + "LEFT JOIN clients c ON c.id = e.client_id WHERE e.account_id = $1 AND e.type = ANY($2) "
                                + "ORDER BY e.id DESC LIMIT $3",
                        Tuple.of(
                                accountId,
                                types.stream().map(AuditEventType::code).toArray(String[]::new),
                                limit))
                .map(AuditRepository::events);
    }

    /** Deletes at most {@code max} events older than {@code before}; answers how many went. */
    public Uni<Integer> deleteOlderThan(Instant before, int max) {
        return postgres.query(
                        "DELETE FROM audit_events WHERE id IN "
                                + "(SELECT id FROM audit_events WHERE occurred_at < $1 LIMIT $2)",
                        Tuple.of(time(before), max))
                .map(rows -> rows.rowCount());
    }

    private static OffsetDateTime time(Instant instant) {
        return instant == null ? null : OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
    }

    private static List<StoredEvent> events(RowSet<Row> rows) {
        List<StoredEvent> events = new ArrayList<>();
        rows.forEach(r -> events.add(event(r)));
        return events;
    }

    private static StoredEvent event(Row r) {
        Object details = r.getValue("details");
        return new StoredEvent(
                r.getLong("id"),
                r.getOffsetDateTime("occurred_at").toInstant(),
                r.getString("type"),
                r.getUUID("account_id"),
                r.getString("client_id"),
                r.getString("client_name"),
                r.getString("address"),
                r.getString("user_agent"),
                details instanceof JsonObject json ? json.getMap() : Map.of());
    }
}
