package dev.pressroom.kernel.observe;

import java.time.Duration;
import java.util.logging.Handler;
import org.jboss.logmanager.handlers.ConsoleHandler;

/**
 * Writes a burst of access-log lines (prod JSON) to stdout through the console handler as Quarkus configures it
 * ({@code per-line}: a write and flush per line) or behind {@link BatchedConsole} ({@code batched}), for {@code strace
 * -f -c -e trace=write}: the number of write calls per line does not depend on the machine's load. The queue holds the
 * whole burst, so that no line is dropped and every line is written. Arguments: the mode and the number of lines.
 */
public final class ConsoleWrites {

    private ConsoleWrites() {}

    public static void main(String[] args) {
        String mode = args[0];
        int lines = Integer.parseInt(args[1]);
        ConsoleHandler console = new ConsoleHandler(ConsoleHandler.Target.SYSTEM_OUT, AccessLineJmh.formatter("json"));
        Handler handler = mode.equals("batched") ? new BatchedConsole(console, lines, Duration.ofMillis(20)) : console;
        for (int i = 0; i < lines; i++) {
            handler.publish(AccessLineJmh.record());
        }
        handler.close();
        System.err.println(mode + ": " + lines + " lines"
                + (handler instanceof BatchedConsole batched ? ", dropped " + batched.dropped() : ""));
    }
}
