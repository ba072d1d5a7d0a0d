package dev.pressroom.kernel.testing;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Every log record the service writes while open, from any thread, as the log manager hands it to its handlers
 * (JBoss LogManager, under java.util.logging). Use with try-with-resources around the actions under test.
 */
public final class LogCapture extends Handler implements AutoCloseable {

    private final List<LogRecord> records = new CopyOnWriteArrayList<>();
    private final Logger root = Logger.getLogger("");

    public LogCapture() {
        root.addHandler(this);
    }

    public List<LogRecord> records() {
        return List.copyOf(records);
    }

    /** The formatted messages (parameters substituted) of the records from one logger category. */
    public List<String> messages(String category) {
        return records.stream().filter(r -> category.equals(r.getLoggerName())).map(LogCapture::formatted).toList();
    }

    /** Everything a record could print: its formatted message, parameters, exception and the MDC of the time. */
    public List<String> everything() {
        return records.stream().map(LogCapture::printable).toList();
    }

    @Override
    public void publish(LogRecord record) {
        if (record instanceof org.jboss.logmanager.ExtLogRecord ext) {
            ext.copyMdc(); // the MDC belongs to the thread that logged; keep it with the record
        }
        records.add(record);
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        root.removeHandler(this);
    }

    private static String formatted(LogRecord record) {
        if (record instanceof org.jboss.logmanager.ExtLogRecord ext) {
            return ext.getFormattedMessage();
        }
        return record.getMessage();
    }

    private static String printable(LogRecord record) {
        StringBuilder all = new StringBuilder(String.valueOf(formatted(record))).append(' ').append(record.getMessage());
        if (record.getParameters() != null) {
            for (Object parameter : record.getParameters()) {
                all.append(' ').append(parameter);
            }
        }
        for (Throwable t = record.getThrown(); t != null; t = t.getCause()) {
            all.append(' ').append(t);
        }
        if (record instanceof org.jboss.logmanager.ExtLogRecord ext) {
            all.append(' ').append(ext.getMdcCopy());
        }
        return all.toString();
    }
}
