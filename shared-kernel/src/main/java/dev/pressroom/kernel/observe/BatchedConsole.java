package dev.pressroom.kernel.observe;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.logging.Handler;
import org.jboss.logmanager.ExtHandler;
import org.jboss.logmanager.ExtLogRecord;

/**
 * The console log written from one thread, in batches: a request thread only queues its record (MDC copied, so the
 * trace id stays its own) and goes on; the writer formats what has queued up and flushes once when the queue is empty,
 * one {@code write} for many lines instead of a write and a flush per line. The writer looks at the queue every
 * {@code interval} rather than waiting on it: a waiting writer would be woken (a futex call and a context switch) by
 * nearly every line under load, on the request's thread. A line therefore reaches the console within the interval. A
 * full queue (the log's reader stuck or far behind) drops the record rather than block an event loop, and counts it:
 * {@link #dropped()}.
 */
public final class BatchedConsole extends ExtHandler {

    /** Records taken per pass: bounds the lines held in the writer's hands, not the batch written at once. */
    private static final int BATCH = 256;

    private final BlockingQueue<ExtLogRecord> queue;
    private final AtomicLong dropped = new AtomicLong();
    private final Handler console;
    private final Thread writer;
    private final long intervalNanos;
    private volatile boolean closed;
    private volatile boolean idle;
    private volatile String heldBack;

    /**
     * Wraps {@code console}, whose own flush after each line is turned off: this handler flushes it per batch, looking
     * for queued lines every {@code interval}.
     */
    public BatchedConsole(Handler console, int capacity, Duration interval) {
        this.console = console;
        this.queue = new ArrayBlockingQueue<>(capacity);
        this.intervalNanos = interval.toNanos();
        if (console instanceof ExtHandler ext) {
            ext.setAutoFlush(false);
        }
        setLevel(console.getLevel());
        addHandler(console);
        writer = new Thread(this::writeUntilClosed, "pressroom-log-writer");
        writer.setDaemon(true);
        writer.start();
    }

    /** The handler this one writes through. */
    public Handler console() {
        return console;
    }

    /**
     * Until {@link #writeAll()}, the records of the logger {@code name} are formatted as usual and then dropped rather
     * than written: a warm-up's access-log lines (kernel {@code warmup/WarmUp}), whose requests should run the log's
     * code as traffic will without their lines reaching the console.
     */
    public void holdBack(String name) {
        heldBack = name;
    }

    /** Writes every logger's records again. */
    public void writeAll() {
        heldBack = null;
    }

    /** Records dropped because the queue was full, since this handler started. */
    public long dropped() {
        return dropped.get();
    }

    @Override
    protected void doPublish(ExtLogRecord record) {
        // The writer thread formats later: take what belongs to this thread (MDC, caller) now.
        if (isCallerCalculationRequired()) {
            record.copyAll();
        } else {
            record.disableCallerCalculation();
            record.copyMdc();
        }
        if (closed || !queue.offer(record)) {
            dropped.incrementAndGet();
        }
    }

    private void writeUntilClosed() {
        List<ExtLogRecord> batch = new ArrayList<>(BATCH);
        while (!closed) {
            if (queue.drainTo(batch, BATCH) == 0) {
                idle = true;
                LockSupport.parkNanos(this, intervalNanos);
                idle = false;
                continue;
            }
            String held = heldBack;
            for (ExtLogRecord record : batch) {
                if (held != null && held.equals(record.getLoggerName())) {
                    console.getFormatter().format(record);
                } else {
                    publishToNestedHandlers(record);
                }
            }
            batch.clear();
            if (queue.isEmpty()) {
                console.flush();
            }
        }
    }

    /** The writer found the queue empty and waits out its interval (for tests). */
    boolean idle() {
        return idle;
    }

    /** Stops the writer after writing what is queued; the console handler stays open and flushes each line again. */
    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(writer);
        try {
            writer.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        List<ExtLogRecord> rest = new ArrayList<>();
        queue.drainTo(rest);
        rest.forEach(this::publishToNestedHandlers);
        console.flush();
        if (console instanceof ExtHandler ext) {
            ext.setAutoFlush(true);
        }
    }
}
