package dev.pressroom.auth.audit;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.logging.Logger;

/**
 * Writes audit events off the request path: {@link #enqueue} only queues, and one batch insert at a time drains the
 * queue (so a burst becomes a few batches on one pool connection, never a query per request). The queue is bounded:
 * when PostgreSQL is slow or down, events beyond it are dropped, counted and logged instead of holding memory or
 * requests. A failed write is counted and logged the same way (the type and count, no values), and never reaches the
 * request that caused the event.
 */
@ApplicationScoped
public class AuditWriter {

    private static final Logger LOG = Logger.getLogger(AuditWriter.class);
    static final int QUEUE_MAX = 10_000;
    static final int BATCH_MAX = 200;

    private final AuditStore store;
    private final Queue<AuditStore.Timed> queue = new ConcurrentLinkedQueue<>();
    private final AtomicInteger queued = new AtomicInteger();
    private final AtomicBoolean writing = new AtomicBoolean();
    private final Counter queueFull;
    private final Counter writeFailed;

    public AuditWriter(AuditStore store, MeterRegistry registry) {
        this.store = store;
        this.queueFull = lost(registry, "queue_full");
        this.writeFailed = lost(registry, "write_failed");
    }

    private static Counter lost(MeterRegistry registry, String cause) {
        return Counter.builder("pressroom.auth.audit.events.lost")
                .description("Audit events not written: the queue was full, or PostgreSQL refused the batch")
                .tag("cause", cause)
                .register(registry);
    }

    public void enqueue(AuditStore.Timed event) {
        if (queued.incrementAndGet() > QUEUE_MAX) {
            queued.decrementAndGet();
            queueFull.increment();
            LOG.warnf(
                    "Audit queue full: a %s event was dropped",
                    event.event().type().code());
            return;
        }
        queue.add(event);
        drain();
    }

    /** Starts a batch unless one is being written; the batch's end starts the next while events wait. */
    private void drain() {
        if (queue.isEmpty() || !writing.compareAndSet(false, true)) {
            return;
        }
        List<AuditStore.Timed> batch = new ArrayList<>();
        for (AuditStore.Timed e; batch.size() < BATCH_MAX && (e = queue.poll()) != null; ) {
            batch.add(e);
        }
        if (batch.isEmpty()) {
            writing.set(false);
            return;
        }
        queued.addAndGet(-batch.size());
        store.insert(batch).subscribe().with(done -> finished(), failure -> {
            writeFailed.increment(batch.size());
            LOG.warnf(
                    "%d audit events not written: %s",
                    batch.size(), failure.getClass().getSimpleName());
            finished();
        });
    }

    private void finished() {
        writing.set(false);
        drain();
    }
}
