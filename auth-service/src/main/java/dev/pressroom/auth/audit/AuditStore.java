package dev.pressroom.auth.audit;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.List;

/** Where {@link AuditWriter} writes audit events ({@link AuditRepository}: PostgreSQL). */
public interface AuditStore {

    /** An event and when it happened, as the writer queues it. */
    record Timed(Instant at, AuditEvent event) {}

    /** Writes a batch of events at once. */
    Uni<Void> insert(List<Timed> events);
}
