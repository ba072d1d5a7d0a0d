package dev.pressroom.auth.support.fakes;

import dev.pressroom.auth.audit.AuditEvent;
import dev.pressroom.auth.audit.AuditStore;
import io.smallrye.mutiny.Uni;
import java.util.ArrayList;
import java.util.List;

/** AuditStore in a list: what AuditWriter wrote, in order. */
public final class InMemoryAuditStore implements AuditStore {

    private final List<Timed> written = new ArrayList<>();

    @Override
    public synchronized Uni<Void> insert(List<Timed> events) {
        written.addAll(events);
        return Uni.createFrom().voidItem();
    }

    public synchronized List<AuditEvent> events() {
        return written.stream().map(Timed::event).toList();
    }
}
