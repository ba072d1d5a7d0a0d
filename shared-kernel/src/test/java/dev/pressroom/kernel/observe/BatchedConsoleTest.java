package dev.pressroom.kernel.observe;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.logging.Level;
import org.jboss.logmanager.ExtFormatter;
import org.jboss.logmanager.ExtHandler;
import org.jboss.logmanager.ExtLogRecord;
import org.jboss.logmanager.MDC;
import org.junit.jupiter.api.Test;

class BatchedConsoleTest {

    private static final Duration QUICK = Duration.ofMillis(5);

    /** A console that records what it is given and can hold the writer on its first line. */
    private static final class FakeConsole extends ExtHandler {
        final List<String> lines = new CopyOnWriteArrayList<>();
        final AtomicInteger flushes = new AtomicInteger();
        final CountDownLatch firstLineTaken = new CountDownLatch(1);
        final CountDownLatch release;

        FakeConsole(boolean holdFirstLine) {
            release = new CountDownLatch(holdFirstLine ? 1 : 0);
        }

        @Override
        protected void doPublish(ExtLogRecord record) {
            lines.add(record.getMessage() + " trace=" + record.getMdc("traceId"));
            firstLineTaken.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public void flush() {
            flushes.incrementAndGet();
        }
    }

    private static ExtLogRecord record(String message) {
        return new ExtLogRecord(Level.INFO, message, BatchedConsoleTest.class.getName());
    }

    private static ExtLogRecord record(String logger, String message) {
        ExtLogRecord record = record(message);
        record.setLoggerName(logger);
        return record;
    }

    @Test
    void publishWhenWriterBusyThenLinesQueueAndOneFlushWritesThemAll() throws Exception {
        FakeConsole console = new FakeConsole(true);
        BatchedConsole batched = new BatchedConsole(console, 16, QUICK);
        batched.publish(record("first"));
        assertThat(console.firstLineTaken.await(5, TimeUnit.SECONDS)).isTrue();
        for (int i = 0; i < 10; i++) {
            batched.publish(record("line " + i));
        }

        console.release.countDown();
        awaitUntil(() -> console.lines.size() == 11 && console.flushes.get() > 0);

        // One flush once the queue ran dry after the ten queued lines: never one per line.
        assertThat(console.flushes.get()).isEqualTo(1);
        assertThat(console.lines).hasSize(11).startsWith("first trace=null", "line 0 trace=null");
        assertThat(batched.dropped()).isZero();
        batched.close();
    }

    @Test
    void publishWhenQueueFullThenRecordDroppedAndCountedWithoutBlocking() throws Exception {
        FakeConsole console = new FakeConsole(true);
        BatchedConsole batched = new BatchedConsole(console, 2, QUICK);
        batched.publish(record("held"));
        assertThat(console.firstLineTaken.await(5, TimeUnit.SECONDS)).isTrue();

        for (int i = 0; i < 5; i++) {
            batched.publish(record("line " + i));
        }

        assertThat(batched.dropped()).isEqualTo(3);
        console.release.countDown();
        awaitUntil(() -> console.lines.size() == 3);
        batched.close();
        assertThat(console.lines).containsExactly("held trace=null", "line 0 trace=null", "line 1 trace=null");
    }

    @Test
    void publishWhenMdcSetThenWrittenWithThePublishingThreadsMdc() throws Exception {
        FakeConsole console = new FakeConsole(false);
        BatchedConsole batched = new BatchedConsole(console, 16, QUICK);
        MDC.put("traceId", "4bf92f3577b34da6a3ce929d0e0e4736");
        try {
            batched.publish(record("request"));
        } finally {
            MDC.remove("traceId");
        }

        awaitUntil(() -> console.lines.size() == 1);
        batched.close();

        assertThat(console.lines).containsExactly("request trace=4bf92f3577b34da6a3ce929d0e0e4736");
    }

    @Test
    void publishWhenWriterIdleThenTheLineWaitsForTheIntervalInsteadOfWakingIt() throws Exception {
        FakeConsole console = new FakeConsole(false);
        BatchedConsole batched = new BatchedConsole(console, 16, Duration.ofHours(1));
        awaitUntil(batched::idle);

        batched.publish(record("first"));
        batched.publish(record("second"));
        Thread.sleep(200);

        // A writer waiting on the queue would have been woken by the first line and written it at once.
        assertThat(console.lines).isEmpty();
        batched.close();
        assertThat(console.lines).containsExactly("first trace=null", "second trace=null");
    }

    @Test
    void closeWhenLinesQueuedThenWritesThemAndRestoresFlushPerLine() throws Exception {
        FakeConsole console = new FakeConsole(true);
        BatchedConsole batched = new BatchedConsole(console, 16, QUICK);
        assertThat(console.isAutoFlush()).isFalse();
        batched.publish(record("held"));
        assertThat(console.firstLineTaken.await(5, TimeUnit.SECONDS)).isTrue();
        batched.publish(record("queued"));

        console.release.countDown();
        batched.close();

        assertThat(console.lines).containsExactly("held trace=null", "queued trace=null");
        assertThat(console.isAutoFlush()).isTrue();
    }

    @Test
    void holdBackWhenALoggersLinesArriveThenFormatsThemWithoutWritingUntilWriteAll() throws Exception {
        FakeConsole console = new FakeConsole(false);
        List<String> formatted = new CopyOnWriteArrayList<>();
        console.setFormatter(new ExtFormatter() {
            @Override
            public String format(ExtLogRecord record) {
                formatted.add(record.getMessage());
                return record.getMessage();
            }
        });
        BatchedConsole batched = new BatchedConsole(console, 16, QUICK);

        batched.holdBack("io.quarkus.http.access-log");
        batched.publish(record("io.quarkus.http.access-log", "GET /warm-up"));
        batched.publish(record("dev.pressroom.kernel.warmup.WarmUp", "Warm-up: 12 rounds"));
        awaitUntil(() -> formatted.contains("GET /warm-up") && console.lines.size() == 1);
        batched.writeAll();
        batched.publish(record("io.quarkus.http.access-log", "GET /traffic"));
        awaitUntil(() -> console.lines.size() == 2);
        batched.close();

        assertThat(formatted).contains("GET /warm-up");
        assertThat(console.lines).containsExactly("Warm-up: 12 rounds trace=null", "GET /traffic trace=null");
    }

    private static void awaitUntil(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
    }
}
