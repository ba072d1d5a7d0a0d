import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bouncycastle.crypto.generators.Argon2BytesGenerator;
import org.bouncycastle.crypto.params.Argon2Parameters;

/**
 * Argon2id cost on one core for OWASP's equivalent settings (m KiB, t passes, p=1), the floor of every sign-in: the
 * service's own {@code Argon2id} (one reused work area) and Bouncy Castle's generator (fresh blocks per hash, the
 * garbage it leaves is not counted here). Run with the packaged bcprov jar on the class path
 * ({@code target/quarkus-app/lib/main/...}); the service's classes are read from the app jar of the same build.
 */
public class HashBench {
    private static final int[][] SETTINGS = {{19456, 2}, {12288, 3}, {9216, 4}, {7168, 5}};

    public static void main(String[] args) throws Exception {
        byte[] salt = new byte[16];
        byte[] password = "bench-password-123".getBytes(StandardCharsets.UTF_8);
        Class<?> argon2Class = new URLClassLoader(appJars(), HashBench.class.getClassLoader())
                .loadClass("dev.pressroom.auth.account.Argon2id");
        Constructor<?> constructor = argon2Class.getConstructor(int.class, int.class);
        Method hash = argon2Class.getMethod("hash", byte[].class, byte[].class, int.class, int.class, int.class, int.class);
        for (int[] s : SETTINGS) {
            Object argon2 = constructor.newInstance(1, s[0]);
            double ours = msPerHash(() -> hash.invoke(argon2, password, salt, s[0], s[1], 1, 32));
            double bc = msPerHash(() -> bouncyCastle(password, salt, s[0], s[1]));
            System.out.printf("password hash floor (one core): argon2id m=%d t=%d p=1: %.1f ms per hash (%.0f/s per core);"
                    + " Bouncy Castle %.1f ms%n", s[0], s[1], ours, 1000 / ours, bc);
        }
    }

    private interface Hash {
        void run() throws Exception;
    }

    private static double msPerHash(Hash hash) throws Exception {
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

    private static void bouncyCastle(byte[] password, byte[] salt, int memoryKib, int iterations) {
        Argon2BytesGenerator generator = new Argon2BytesGenerator();
        generator.init(new Argon2Parameters.Builder(Argon2Parameters.ARGON2_id).withVersion(Argon2Parameters.ARGON2_VERSION_13)
                .withMemoryAsKB(memoryKib).withIterations(iterations).withParallelism(1).withSalt(salt).build());
        generator.generateBytes(password, new byte[32]);
    }

    /** The jars in quarkus-app/app beside the lib/main folder that holds the bcprov jar on the class path. */
    private static URL[] appJars() throws Exception {
        Path bcprov = Path.of(Argon2BytesGenerator.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<URL> jars = new ArrayList<>();
        try (DirectoryStream<Path> app = Files.newDirectoryStream(bcprov.getParent().resolve("../../app"), "*.jar")) {
            for (Path jar : app) {
                jars.add(jar.toUri().toURL());
            }
        }
        return jars.toArray(URL[]::new);
    }
}
