package dev.pressroom.auth.jmh;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The benchmark thread's CPU time per call, counted beside JMH's wall time: on a shared machine other processes take
 * the core for a while, which wall time counts and CPU time does not. Reading the clock costs about a microsecond a
 * call (clock_gettime of the thread), against 100 microseconds or more for what is measured. {@link CpuSummary}
 * turns the counters into CPU per call with an error.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class ThreadCpu {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    // JMH reports every public numeric field and method: these two only.
    public long cpuNanos;
    public long calls;

    private long started;

    @Setup(Level.Iteration)
    public void reset() {
        cpuNanos = 0;
        calls = 0;
    }

    public void begin() {
        started = THREADS.getCurrentThreadCpuTime();
    }

    public void end() {
        cpuNanos += THREADS.getCurrentThreadCpuTime() - started;
        calls++;
    }
}
