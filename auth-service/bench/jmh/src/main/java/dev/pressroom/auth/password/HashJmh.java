package dev.pressroom.auth.password;

import dev.pressroom.auth.jmh.ThreadCpu;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
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
 * One Argon2id hash (p=1, 32 bytes), the floor of every sign-in, by each implementation of the service: the vendored
 * reference C through the JNI library (libpressroom_argon2.so) with the fastest memory filling the CPU has (the
 * default), with AVX2 at most, in portable C; and Bouncy Castle (AUTH_ARGON2=java, the fallback). For today's setting
 * (7 MiB, t=5) and the accounts' earlier one (19 MiB, t=2), which sign-ins still verify until rehashed.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(3)
@Warmup(iterations = 4, time = 2)
@Measurement(iterations = 5, time = 2)
public class HashJmh {

    private static final byte[] NONE = new byte[0];

    @Param({"reference-c", "reference-c-avx2", "reference-c-portable", "bouncy-castle"})
    String implementation;

    /** memory KiB : passes. */
    @Param({"7168:5", "19456:2"})
    String setting;

    private Argon2id argon2;
    private int memoryKib;
    private int passes;
    private final byte[] salt = new byte[16];
    private final byte[] password = "bench-password-123".getBytes(StandardCharsets.UTF_8);

    @Setup
    public void setUp() {
        int colon = setting.indexOf(':');
        memoryKib = Integer.parseInt(setting.substring(0, colon));
        passes = Integer.parseInt(setting.substring(colon + 1));
        argon2 = switch (implementation) {
            case "reference-c" -> reference(NativeArgon2.Ceiling.ANY);
            case "reference-c-avx2" -> reference(NativeArgon2.Ceiling.AVX2);
            case "reference-c-portable" -> reference(NativeArgon2.Ceiling.PORTABLE);
            case "bouncy-castle" -> new BouncyCastleArgon2id();
            default -> throw new IllegalArgumentException(implementation);
        };
        System.out.println("\n" + implementation + ": " + argon2.description());
    }

    private ReferenceArgon2id reference(NativeArgon2.Ceiling ceiling) {
        return ReferenceArgon2id.load(NativeArgon2.resource(), 1, memoryKib, ceiling);
    }

    @Benchmark
    public byte[] hash(ThreadCpu cpu) {
        cpu.begin();
        try {
            return argon2.hash(password, salt, NONE, NONE, memoryKib, passes, 1, 32);
        } finally {
            cpu.end();
        }
    }
}
