package dev.pressroom.auth.jni;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * Loads the JNI libraries that src/main/c/build.sh compiles into the jar under native/linux-{arch}/ (the OpenSSL
 * RS256 signer and the native Argon2id). Their functions never call back into Java nor throw, so the native image
 * needs no JNI registration: it carries them as resources (quarkus.native.resources.includes).
 */
public final class BundledLibraries {

    /** Resources loaded by this class loader: a second System.load of one library would map a second copy. */
    private static final Set<String> LOADED = new HashSet<>();

    private BundledLibraries() {}

    /** The library's path inside the application for this machine, e.g. native/linux-x86_64/libpressroom_rs256.so. */
    public static String resource(String library) {
        String arch = System.getProperty("os.arch").toLowerCase(Locale.ROOT);
        String platform = switch (arch) {
            case "amd64", "x86_64" -> "linux-x86_64";
            case "aarch64", "arm64" -> "linux-aarch64";
            default -> "unsupported-" + arch;
        };
        return "native/" + platform + "/" + library;
    }

    /**
     * Copies the library from the classpath (or the native image's resources) into a new owner-only directory
     * under java.io.tmpdir (the pods mount an emptyDir there; the root file system is read-only) and loads it.
     * The copy is deleted once mapped.
     *
     * @throws IllegalStateException when the resource is missing (the build skipped it, see its warning, or another
     *                               platform), cannot be written or does not load (e.g. no libcrypto.so.3)
     */
    public static synchronized void load(String resource) {
        if (!System.getProperty("os.name").startsWith("Linux")) {
            throw new IllegalStateException("the bundled native libraries are built for Linux only");
        }
        try (InputStream in = BundledLibraries.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is not in the application (the build skipped it on a "
                        + "machine without its compiler or headers, or it is for another platform)");
            }
            if (LOADED.contains(resource)) {
                return;
            }
            Path dir = Files.createTempDirectory(
                    "pressroom-jni-",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            Path file = dir.resolve(Path.of(resource).getFileName());
            try {
                Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
                System.load(file.toString());
                LOADED.add(resource);
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
}
