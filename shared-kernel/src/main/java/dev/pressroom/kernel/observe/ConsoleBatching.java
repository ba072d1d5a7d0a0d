package dev.pressroom.kernel.observe;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.interceptor.Interceptor;
import java.time.Duration;
import java.util.Optional;
import java.util.logging.Handler;
import org.jboss.logmanager.ExtHandler;
import org.jboss.logmanager.LogContext;
import org.jboss.logmanager.Logger;
import org.jboss.logmanager.handlers.ConsoleHandler;

/**
 * Puts Quarkus's console handler (pattern or JSON, as configured) behind a {@link BatchedConsole} once the service
 * starts, and counts what it drops as {@value #DROPPED}. Quarkus's own {@code quarkus.log.console.async} either blocks
 * the caller on a full queue (an event loop, here) or drops silently, and flushes after every line.
 */
@ApplicationScoped
public class ConsoleBatching {

    static final String DROPPED = "log.records.dropped";
    /**
     * Half a second of lines at the services' highest measured rate (about 15,000 requests a second), about 5 MB of
     * queued records at most: a small share of auth-service's 96 MB heap. The writer empties it far faster than
     * requests fill it unless stdout stops being read.
     */
    static final int CAPACITY = 8_192;
    /** How often the writer looks for lines: 300 lines a pass at that rate, and 50 idle wake-ups a second. */
    static final Duration INTERVAL = Duration.ofMillis(20);

    private volatile BatchedConsole batched;

    /** Before other start-up observers (the warm-up among them), so that what they log is batched too. */
    void install(@Observes @Priority(Interceptor.Priority.LIBRARY_BEFORE) StartupEvent event, MeterRegistry meters) {
        Logger root = LogContext.getLogContext().getLogger("");
        find(root.getHandlers()).ifPresent(parent -> {
            batched = wrap(parent);
            FunctionCounter.builder(DROPPED, batched, BatchedConsole::dropped)
                    .description("Log records the console dropped because its queue was full")
                    .register(meters);
        });
    }

    /** The batched console, once installed; empty where the service writes no console log. */
    public Optional<BatchedConsole> console() {
        return Optional.ofNullable(batched);
    }

    void uninstall(@Observes ShutdownEvent event) {
        BatchedConsole current = batched;
        if (current == null) {
            return;
        }
        Logger root = LogContext.getLogContext().getLogger("");
        find(root.getHandlers()).ifPresent(parent -> {
            parent.removeHandler(current);
            parent.addHandler(current.console());
        });
        current.close();
        batched = null;
    }

    /** The handler holding the console handler (Quarkus nests it in its delayed root handler), if any. */
    private static Optional<ExtHandler> find(Handler[] handlers) {
        for (Handler handler : handlers) {
            if (handler instanceof ExtHandler parent) {
                for (Handler child : parent.getHandlers()) {
                    if (child instanceof ConsoleHandler || child instanceof BatchedConsole) {
                        return Optional.of(parent);
                    }
                }
                Optional<ExtHandler> deeper = find(parent.getHandlers());
                if (deeper.isPresent()) {
                    return deeper;
                }
            }
        }
        return Optional.empty();
    }

    private static BatchedConsole wrap(ExtHandler parent) {
        for (Handler child : parent.getHandlers()) {
            if (child instanceof BatchedConsole already) {
                return already;
            }
        }
        for (Handler child : parent.getHandlers()) {
            if (child instanceof ConsoleHandler console) {
                BatchedConsole wrapper = new BatchedConsole(console, CAPACITY, INTERVAL);
                parent.removeHandler(console);
                parent.addHandler(wrapper);
                return wrapper;
            }
        }
        throw new IllegalStateException("no console handler under " + parent);
    }
}
