package dev.pressroom.auth.password;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;

/**
 * Argon2id cost on one core, the floor of every sign-in: the service's implementations (the reference C with the
 * fastest memory filling the CPU has, with AVX2 at most, in portable C; Bouncy Castle) for today's setting and the
 * accounts' earlier one. In the service's package, so bench/run.sh compiles it against target/classes and runs it
 * with the built library (and Bouncy Castle's jar on the class path).
 */
public class HashBench {
    private static final int[][] SETTINGS = {{7168, 5}, {19456, 2}};
    private static final byte[] NONE = new byte[0];

    public static void main(String[] args) {
        byte[] salt = new byte[16];
        byte[] password = "bench-password-123".getBytes(StandardCharsets.UTF_8);
        for (int[] s : SETTINGS) {
            StringBuilder line = new StringBuilder(String.format("argon2id m=%d t=%d p=1:", s[0], s[1]));
            try {
                for (NativeArgon2.Ceiling ceiling : NativeArgon2.Ceiling.values()) {
                    line.append(measure(ReferenceArgon2id.load(NativeArgon2.resource(), 1, s[0], ceiling), password,
                            salt, s));
                }
            } catch (IllegalStateException e) {
                line.append(" native not available (").append(e.getMessage()).append(");");
            }
            line.append(measure(new BouncyCastleArgon2id(), password, salt, s));
            System.out.println("RESULT " + line);
        }
    }

    /** Wall time and the thread's CPU time per hash: on a busy machine the CPU time is the steadier figure. */
    private static String measure(Argon2id argon2, byte[] password, byte[] salt, int[] s) {
        Runnable hash = () -> argon2.hash(password, salt, NONE, NONE, s[0], s[1], 1, 32);
        for (int i = 0; i < 15; i++) {
            hash.run();
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        int n = 30;
        long cpu = threads.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            hash.run();
        }
        double ms = (System.nanoTime() - start) / 1e6 / n;
        double cpuMs = (threads.getCurrentThreadCpuTime() - cpu) / 1e6 / n;
        return String.format(" %s %.1f ms (%.1f ms CPU, %.0f/s per core);", argon2.description(), ms, cpuMs,
                1000 / cpuMs);
    }
}
