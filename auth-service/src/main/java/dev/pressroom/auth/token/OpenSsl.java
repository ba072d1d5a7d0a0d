package dev.pressroom.auth.token;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Locale;

/**
 * The JNI functions of libpressroom_rs256.so (src/main/c), built into the jar under native/linux-{arch}/.
 * They never call back into Java nor throw: failures come back as 0 or null (so the native image needs no JNI
 * registration), and the callers throw.
 */
final class OpenSsl {

    static final String LIBRARY = "libpressroom_rs256.so";
    /** Once per class loader: a second System.load would map a second copy. */
    private static boolean loaded;

    private OpenSsl() {
    }

    /** The library's path inside the application for this machine, e.g. native/linux-x86_64/libpressroom_rs256.so. */
    static String resource() {
        String arch = System.getProperty("os.arch").toLowerCase(Locale.ROOT);
        String platform = switch (arch) {
            case "amd64", "x86_64" -> "linux-x86_64";
            case "aarch64", "arm64" -> "linux-aarch64";
            default -> "unsupported-" + arch;
        };
        return "native/" + platform + "/" + LIBRARY;
    }

    /**
     * Copies the library from the classpath (or the native image's resources) into a new owner-only directory
     * under java.io.tmpdir (the pods mount an emptyDir there; the root file system is read-only) and loads it.
     * The copy is deleted once mapped.
     *
     * @throws IllegalStateException when the resource is missing (built without gcc or OpenSSL headers, or another
     *                               platform), cannot be written or does not load (no libcrypto.so.3)
     */
    static synchronized void load(String resource) {
        if (!System.getProperty("os.name").startsWith("Linux")) {
            throw new IllegalStateException("the OpenSSL signer is built for Linux only");
        }
        try (InputStream in = OpenSsl.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is not in the application (built without gcc or "
                        + "OpenSSL 3 headers, or for another platform)");
            }
            if (loaded) {
                return;
            }
            Path dir = Files.createTempDirectory("pressroom-rs256-",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            Path file = dir.resolve(LIBRARY);
            try {
                Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
                System.load(file.toString());
                loaded = true;
            } finally {
                Files.deleteIfExists(file);
                Files.deleteIfExists(dir);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot extract " + resource + ": " + e.getMessage(), e);
        } catch (UnsatisfiedLinkError e) {
            throw new IllegalStateException("cannot load " + resource + ": " + e.getMessage(), e);
        }
    }

    /** @return an EVP_PKEY handle for a PKCS#8 DER RSA private key, or 0 when it is not one */
    static native long loadKey(byte[] pkcs8);

    /** @return the SHA-256 PKCS#1 v1.5 signature of data, or null on any error */
    static native byte[] sign(long key, byte[] data);

    static native void freeKey(long key);

    /** @return OpenSSL_version(OPENSSL_VERSION) of the libcrypto in use */
    static native String version();
}
