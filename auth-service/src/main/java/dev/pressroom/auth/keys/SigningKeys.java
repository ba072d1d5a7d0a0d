package dev.pressroom.auth.keys;

import dev.pressroom.auth.config.AuthConfig;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.jboss.logging.Logger;

/**
 * The signing keys, read from AUTH_KEYS_DIR ({kid}.pem, PKCS#8 RSA) which every replica mounts from the same
 * secret. All are published in the JWKS; the one with the greatest kid signs, so a new key is added under
 * a later-sorting name (keys are named by date).
 */
@Startup
@ApplicationScoped
public class SigningKeys {

    private static final Logger LOG = Logger.getLogger(SigningKeys.class);

    private final List<SigningKey> keys;
    private final Map<String, Object> jwks;

    public SigningKeys(AuthConfig config, Clock clock) {
        Path dir = Path.of(config.keysDir());
        if (config.generateDevKey()) {
            ensureDevelopmentKey(dir, clock);
        }
        this.keys = load(dir);
        if (keys.isEmpty()) {
            throw new IllegalStateException("No signing key (*.pem) in " + dir.toAbsolutePath() + "; set AUTH_KEYS_DIR");
        }
        this.jwks = Map.of("keys", keys.stream().map(SigningKey::publicJwk).toList());
        LOG.infof("Signing with key %s; %d key(s) published", active().kid(), keys.size());
    }

    public SigningKey active() {
        return keys.get(keys.size() - 1);
    }

    public Optional<SigningKey> find(String kid) {
        return keys.stream().filter(k -> k.kid().equals(kid)).findFirst();
    }

    /** RFC 7517 §5 JWK Set of the public keys. */
    public Map<String, Object> jwks() {
        return jwks;
    }

    private static List<SigningKey> load(Path dir) {
        List<SigningKey> result = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return result;
        }
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".pem")).sorted().toList()) {
                String name = file.getFileName().toString();
                String kid = name.substring(0, name.length() - 4);
                if (!PemKeys.KID.matcher(kid).matches()) {
                    throw new IllegalStateException("Key file name is not a valid kid: " + name);
                }
                result.add(PemKeys.parse(kid, Files.readString(file, StandardCharsets.US_ASCII)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read signing keys from " + dir, e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Invalid signing key in " + dir + ": " + e.getMessage(), e);
        }
        result.sort(Comparator.comparing(SigningKey::kid));
        return result;
    }

    /** Development only: a key created once and kept, so tokens survive restarts. */
    private static void ensureDevelopmentKey(Path dir, Clock clock) {
        try {
            Files.createDirectories(dir);
            try (Stream<Path> files = Files.list(dir)) {
                if (files.anyMatch(f -> f.getFileName().toString().endsWith(".pem"))) {
                    return;
                }
            }
            String kid = "dev-" + LocalDate.now(clock) + "-" + dev.pressroom.kernel.id.Tokens.random(4).replace('_', 'x');
            Path file = dir.resolve(kid + ".pem");
            Files.writeString(file, PemKeys.generatePem(), StandardCharsets.US_ASCII);
            try {
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
            } catch (UnsupportedOperationException ignored) {
                // not a POSIX file system: the directory's own protection applies
            }
            LOG.warnf("Generated development signing key %s in %s", kid, dir.toAbsolutePath());
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("Cannot create the development signing key in " + dir, e);
        }
    }
}
