package dev.pressroom.kernel.observe;

import io.quarkus.logging.json.runtime.JsonFormatter;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.logging.Formatter;
import java.util.logging.Level;
import org.jboss.logmanager.ExtLogRecord;
import org.jboss.logmanager.formatters.PatternFormatter;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One access-log record as the console formats it: the prod JSON formatter (Quarkus's, as configured by
 * {@code quarkus.log.console.json.*}) with its default fields, the same without the fields a pod's log adds nothing
 * with, and the dev/test pattern. Run with {@code -prof gc}: gc.alloc.rate.norm (bytes per line) does not depend on
 * the machine's load.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class AccessLineJmh {

    static final String ACCESS_LOG = "io.quarkus.http.access-log";
    static final String LINE =
            "GET /oauth/jwks route=/oauth/jwks status=200 0.184ms trace=4bf92f3577b34da6a3ce929d0e0e4736";
    static final Map<String, String> MDC =
            Map.of("traceId", "4bf92f3577b34da6a3ce929d0e0e4736", "spanId", "00f067aa0ba902b7", "sampled", "false");

    @Param({"json", "json-slim", "pattern"})
    String format;

    private Formatter formatter;

    @Setup
    public void setUp() {
        formatter = formatter(format);
    }

    static Formatter formatter(String format) {
        switch (format) {
            case "json" -> {
                JsonFormatter json = new JsonFormatter();
                json.setRecordDelimiter("\n");
                return json;
            }
            case "json-slim" -> {
                JsonFormatter json = new JsonFormatter();
                json.setRecordDelimiter("\n");
                json.setExcludedKeys(Set.of(
                        "sequence", "loggerClassName", "threadId", "ndc", "hostName", "processName", "processId"));
                return json;
            }
            case "pattern" -> {
                return new PatternFormatter("%d{HH:mm:ss.SSS} %-5p [%c{2.}] [%X{traceId},%X{spanId}] %s%e%n");
            }
            default -> throw new IllegalArgumentException(format);
        }
    }

    static ExtLogRecord record() {
        ExtLogRecord record = new ExtLogRecord(Level.INFO, LINE, "org.jboss.logging.Logger");
        record.setLoggerName(ACCESS_LOG);
        record.setMdc(MDC);
        return record;
    }

    @Benchmark
    public String formatLine() {
        return formatter.format(record());
    }
}
