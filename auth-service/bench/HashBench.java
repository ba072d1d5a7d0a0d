package dev.pressroom.auth.password;

import java.nio.charset.StandardCharsets;

/**
 * Argon2id cost on one core, the floor of every sign-in: the service's {@code Argon2id} with each memory filling
 * (native with the fastest compression function the CPU has, with AVX2 at most, in portable C; Java), for today's
 * setting and the accounts' earlier one. In the service's package, so bench/run.sh compiles it against
 * target/classes and runs it with the built library.
 */
public class HashBench {
    private static final int[][] SETTINGS = {{7168, 5}, {19456, 2}};

    public static void main(String[] args) {
        byte[] salt = new byte[16];
        byte[] password = "bench-password-123".getBytes(StandardCharsets.UTF_8);
        for (int[] s : SETTINGS) {
            StringBuilder line = new StringBuilder(String.format("argon2id m=%d t=%d p=1:", s[0], s[1]));
            try {
                for (NativeArgon2.Ceiling ceiling : NativeArgon2.Ceiling.values()) {
                    line.append(measure(NativeMemoryFill.load(NativeArgon2.resource(), ceiling), password, salt, s));
                }
            } catch (IllegalStateException e) {
                line.append(" native not available (").append(e.getMessage()).append(");");
            }
            line.append(measure(new JavaMemoryFill(), password, salt, s));
            System.out.println("RESULT " + line);
        }
    }

    private static String measure(MemoryFill fill, byte[] password, byte[] salt, int[] s) {
        Argon2id argon2 = new Argon2id(1, s[0], fill);
        double ms = msPerHash(() -> argon2.hash(password, salt, s[0], s[1], 1, 32));
        return String.format(" %s %.1f ms (%.0f/s per core);", fill.description(), ms, 1000 / ms);
    }

    private static double msPerHash(Runnable hash) {
        for (int i = 0; i < 15; i++) {
            hash.run();
        }
        int n = 30;
        long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            hash.run();
        }
        return (System.nanoTime() - start) / 1e6 / n;
    }
}
