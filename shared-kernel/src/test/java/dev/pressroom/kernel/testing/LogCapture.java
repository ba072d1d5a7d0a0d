package dev.pressroom.kernel.testing;

import dev.pressroom.kernel.observe.BatchedConsole;
import dev.pressroom.kernel.observe.ConsoleBatching;
import io.quarkus.arc.Arc;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.jboss.logmanager.ExtFormatter;
import org.jboss.logmanager.ExtLogRecord;
import org.jboss.logmanager.formatters.PatternFormatter;

/**
 * Every log record the service writes while open, from any thread and logger (the access log included), copied at
 * the moment it is written: its formatted message, its parameters, its MDC (trace ids) and what it carries as thrown.
 * Use with try-with-resources around the actions under test.
 */
public final class LogCapture extends Handler implements AutoCloseable {

    /** Formats a record's message with its parameters, in the record's own style (printf or MessageFormat). */
    private static final ExtFormatter MESSAGES = new PatternFormatter("%s");

    /** What a record said, in every form it may reach a log file. */
    public record Line(
            String logger, String message, List<String> parameters, Map<String, String> mdc, List<String> thrown) {

        /** Everything in one string, to search for a value that must not be there. */
        public String everything() {
            return logger + " " + message + " " + parameters + " " + mdc + " " + thrown;
        }
    }

    private final List<Line> lines = new CopyOnWriteArrayList<>();
    private Runnable detach = () -> {};

    private LogCapture() {
        setLevel(Level.ALL);
    }

    public static LogCapture start() {
        LogCapture capture = new LogCapture();
        Logger root = Logger.getLogger("");
        root.addHandler(capture);
        capture.detach = () -> root.removeHandler(capture);
        return capture;
    }

    /**
     * What the console writes while open, from its writer thread: lines it holds back ({@link BatchedConsole#holdBack})
     * are not captured. Needs the running service's batched console.
     */
    public static LogCapture written() {
        BatchedConsole console = Arc.container()
                .instance(ConsoleBatching.class)
                .get()
                .console()
                .orElseThrow(() -> new IllegalStateException("no batched console in this service"));
        LogCapture capture = new LogCapture();
        console.addHandler(capture);
        capture.detach = () -> console.removeHandler(capture);
        return capture;
    }

    public List<Line> lines() {
        return List.copyOf(lines);
    }

    /** The formatted messages of one logger, e.g. "io.quarkus.http.access-log". */
    public List<String> messages(String logger) {
        return lines.stream()
                .filter(line -> line.logger().equals(logger))
                .map(Line::message)
                .toList();
    }

    /** Each line as one searchable string. */
    public List<String> everything() {
        return lines.stream().map(Line::everything).toList();
    }

    @Override
    public void publish(LogRecord record) {
        ExtLogRecord ext = ExtLogRecord.wrap(record);
        List<String> parameters = new ArrayList<>();
        if (record.getParameters() != null) {
            for (Object parameter : record.getParameters()) {
                parameters.add(String.valueOf(parameter));
            }
        }
        List<String> thrown = new ArrayList<>();
        for (Throwable t = record.getThrown(); t != null; t = t.getCause()) {
            thrown.add(t.toString());
        }
        lines.add(new Line(record.getLoggerName(), MESSAGES.formatMessage(ext), parameters, ext.getMdcCopy(), thrown));
    }

    @Override
    public void flush() {}

    @Override
    public void close() {
        detach.run();
    }
}
