import java.nio.charset.StandardCharsets;
import org.bouncycastle.crypto.generators.Argon2BytesGenerator;
import org.bouncycastle.crypto.params.Argon2Parameters;

/**
 * Argon2id cost on one core with Bouncy Castle, for OWASP's equivalent settings (m KiB, t passes, p=1):
 * the floor of every sign-in. Run with the bcprov jar on the class path.
 */
public class HashBench {
    public static void main(String[] args) {
        int[][] settings = {{19456, 2}, {12288, 3}, {9216, 4}, {7168, 5}};
        byte[] salt = new byte[16];
        byte[] password = "bench-password-123".getBytes(StandardCharsets.UTF_8);
        for (int[] s : settings) {
            for (int i = 0; i < 15; i++) {
                hash(password, salt, s[0], s[1]);
            }
            int n = 30;
            long start = System.nanoTime();
            for (int i = 0; i < n; i++) {
                hash(password, salt, s[0], s[1]);
            }
            double ms = (System.nanoTime() - start) / 1e6 / n;
            System.out.printf("RESULT argon2id m=%d t=%d p=1: %.1f ms per hash (%.0f/s per core)%n", s[0], s[1], ms, 1000 / ms);
        }
    }

    private static void hash(byte[] password, byte[] salt, int memoryKib, int iterations) {
        Argon2BytesGenerator generator = new Argon2BytesGenerator();
        generator.init(new Argon2Parameters.Builder(Argon2Parameters.ARGON2_id).withVersion(Argon2Parameters.ARGON2_VERSION_13)
                .withMemoryAsKB(memoryKib).withIterations(iterations).withParallelism(1).withSalt(salt).build());
        generator.generateBytes(password, new byte[32]);
    }
}
