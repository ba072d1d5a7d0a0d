package dev.pressroom.auth.password;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalInt;

/**
 * The container's CPU limit, read from its cgroup: the default number of hashing threads. Without a limit the JVM's
 * availableProcessors() is the node's core count (a pod with only a CPU request on a 64-core node would see 64),
 * which must not size the hashing pool.
 */
final class CpuLimit {

    /** Hashing threads when the container has no CPU limit (a pod with a CPU request only, or no container). */
    static final int THREADS_WITHOUT_LIMIT = 2;

    private CpuLimit() {}

    /** The default of AUTH_HASH_THREADS: the CPU limit (rounded up, at most the CPUs the JVM sees), else 2. */
    static int defaultThreads(Path cgroupRoot, int availableProcessors) {
        return Math.min(availableProcessors, read(cgroupRoot).orElse(THREADS_WITHOUT_LIMIT));
    }

    /** cgroup v2's cpu.max ("200000 100000", or "max 100000" without a limit), else v1's cfs quota and period. */
    static OptionalInt read(Path cgroupRoot) {
        try {
            Path v2 = cgroupRoot.resolve("cpu.max");
            if (Files.isReadable(v2)) {
                String[] quotaPeriod = Files.readString(v2).trim().split("\\s+", -1);
                return quotaPeriod[0].equals("max")
                        ? OptionalInt.empty()
                        : cpus(Long.parseLong(quotaPeriod[0]), Long.parseLong(quotaPeriod[1]));
            }
            Path quota = cgroupRoot.resolve("cpu").resolve("cpu.cfs_quota_us");
            Path period = cgroupRoot.resolve("cpu").resolve("cpu.cfs_period_us");
            if (Files.isReadable(quota) && Files.isReadable(period)) {
                return cpus(
                        Long.parseLong(Files.readString(quota).trim()),
                        Long.parseLong(Files.readString(period).trim()));
            }
        } catch (IOException | RuntimeException e) {
            // An unreadable or unexpected cgroup file says nothing about a limit.
        }
        return OptionalInt.empty();
    }

    private static OptionalInt cpus(long quota, long period) {
        return quota <= 0 || period <= 0
                ? OptionalInt.empty()
                : OptionalInt.of((int) Math.max(1, (quota + period - 1) / period));
    }
}
