package dev.pressroom.kernel.warmup;

import dev.pressroom.kernel.observe.BatchedConsole;
import dev.pressroom.kernel.observe.ConsoleBatching;
import io.quarkus.runtime.ImageMode;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.value.registry.ValueRegistry;
import io.quarkus.vertx.http.HttpServer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The warm-up before readiness (deploy/README.md, "Warm-up"). A new replica's first seconds of traffic run
 * interpreted code while the JIT compiles it: auth-service's bench measured a tenth to a fifth of the steady rate per
 * CPU-second in the first 10 s after readiness. So a service that provides {@link WarmUpRounds} first sends itself
 * its clients' requests for {@code pressroom.warm-up} (the service's {@code *_WARM_UP}), and its readiness check
 * ({@link WarmUpCheck}) lets traffic in only after that. The warm-up's requests stay out of the access log: their lines
 * are formatted like any and then held back from the console (an unready replica gets no other traffic). They count
 * in the request metrics like any.
 */
@ApplicationScoped
public class WarmUp {

    private static final Logger LOG = Logger.getLogger(WarmUp.class);

    /** How long the warm-up waits for the HTTP listener to open. */
    private static final Duration LISTENER_DEADLINE = Duration.ofSeconds(60);

    /** How long after its last answer access-log lines are held back: the last are queued after the answers. */
    private static final Duration ACCESS_LOG_SETTLE = Duration.ofMillis(500);

    /** Where the warm-up stands, as the readiness check reports it. */
    record Progress(boolean running, int rounds, int failed, String firstFailure) {
        static final Progress NONE = new Progress(false, 0, 0, null);
        static final Progress STARTING = new Progress(true, 0, 0, null);
    }

    private final Instance<WarmUpRounds> rounds;
    private final WarmUpPass pass;
    private final Duration length;
    private final String accessLogCategory;
    private final boolean initOnly;
    private final ValueRegistry values;
    private final ConsoleBatching consoleBatching;

    private volatile Progress finished = Progress.NONE;
    private volatile WarmUpLoop current;
    private volatile boolean stopping;

    public WarmUp(
            Instance<WarmUpRounds> rounds,
            WarmUpPass pass,
            @ConfigProperty(name = "pressroom.warm-up", defaultValue = "PT0S") Duration length,
            @ConfigProperty(name = "quarkus.http.access-log.category", defaultValue = "io.quarkus.http.access-log")
                    String accessLogCategory,
            @ConfigProperty(name = "quarkus.init-and-exit", defaultValue = "false") boolean initOnly,
            ValueRegistry values,
            ConsoleBatching consoleBatching) {
        this.rounds = rounds;
        this.consoleBatching = consoleBatching;
        this.pass = pass;
        this.values = values;
        this.length = length;
        this.accessLogCategory = accessLogCategory;
        this.initOnly = initOnly;
    }

    /**
     * Starts the warm-up, and holds readiness down from the start, unless it is off: in a native executable (no JIT to
     * warm) and in a start that only initialises (QUARKUS_INIT_AND_EXIT: migrations, the image's AOT cache).
     */
    void onStart(@Observes StartupEvent event) {
        if (rounds.isResolvable() && !length.isZero() && !initOnly && ImageMode.current() != ImageMode.NATIVE_RUN) {
            finished = Progress.STARTING;
            Thread thread = new Thread(this::runOnceListening, "warm-up");
            thread.setDaemon(true);
            thread.start();
        }
    }

    /** The HTTP listener opens after StartupEvent in production (before it in tests): the warm-up waits for it. */
    private void runOnceListening() {
        long deadline = System.nanoTime() + LISTENER_DEADLINE.toNanos();
        int port = values.getOrDefault(HttpServer.HTTP_PORT, 0);
        while (port == 0 && !stopping && System.nanoTime() - deadline < 0) {
            LockSupport.parkNanos(Duration.ofMillis(20).toNanos());
            port = values.getOrDefault(HttpServer.HTTP_PORT, 0);
        }
        // Without a listener the warm-up fails at once and says so; readiness then follows the other checks.
        run(length, port);
    }

    void onStop(@Observes ShutdownEvent event) {
        stopping = true;
    }

    /** What the readiness check reports: running (with the rounds so far), or how the last warm-up ended. */
    Progress progress() {
        WarmUpLoop loop = current;
        return loop == null ? finished : new Progress(true, loop.rounds(), 0, null);
    }

    /**
     * Runs one warm-up against this replica's HTTP listener on {@code port}, over loopback whatever address it is
     * bound to beside: rounds for this long once the session is open, each round begun before then finished. One
     * warm-up at a time; readiness is down until it ends.
     */
    public synchronized WarmUpLoop.Outcome run(Duration length, int port) {
        finished = Progress.STARTING;
        WarmUpLoop.Outcome outcome;
        try {
            Optional<WarmUpRounds.Session> session =
                    rounds.get().open(URI.create("http://127.0.0.1:" + port), pass.open());
            if (session.isEmpty()) {
                LOG.info("Warm-up: nothing to warm yet");
                outcome = new WarmUpLoop.Outcome(0, 0, null);
            } else {
                outcome = runSession(session.get(), length);
                LOG.infof(
                        "Warm-up: %d rounds in %s, %d failed%s",
                        outcome.rounds(),
                        length,
                        outcome.failed(),
                        outcome.firstFailure() == null ? "" : " (first: " + outcome.firstFailure() + ")");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            outcome = new WarmUpLoop.Outcome(0, 1, "interrupted");
        } catch (Exception e) {
            LOG.warnf("Warm-up not run, the service reports ready without it: %s", WarmUpFailure.describe(e));
            outcome = new WarmUpLoop.Outcome(0, 1, WarmUpFailure.describe(e));
        } finally {
            pass.close();
        }
        finished = new Progress(false, outcome.rounds(), outcome.failed(), outcome.firstFailure());
        return outcome;
    }

    private WarmUpLoop.Outcome runSession(WarmUpRounds.Session session, Duration length) throws InterruptedException {
        // Held back, not muted: a muted logger would leave the log's code cold and its compiled callers with a branch
        // the first real request undoes (bench/RESULTS.md, 2026-11-28, session 21).
        Optional<BatchedConsole> console = consoleBatching.console();
        console.ifPresent(lines -> lines.holdBack(accessLogCategory));
        try {
            WarmUpLoop loop = new WarmUpLoop(session);
            current = loop;
            long deadline = System.nanoTime() + length.toNanos();
            return loop.run(() -> stopping || System.nanoTime() - deadline >= 0);
        } finally {
            current = null;
            try {
                session.close();
            } catch (RuntimeException e) {
                LOG.warnf("Warm-up: what it made was not all removed: %s", WarmUpFailure.describe(e));
            }
            // A response's access-log line is written just after its client has read it.
            LockSupport.parkNanos(ACCESS_LOG_SETTLE.toNanos());
            console.ifPresent(BatchedConsole::writeAll);
        }
    }
}
