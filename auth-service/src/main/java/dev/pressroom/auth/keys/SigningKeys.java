package dev.pressroom.auth.keys;

import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.auth.error.DatastoreErrors;
import dev.pressroom.auth.store.PostgresCalls;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import io.quarkus.runtime.Startup;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.jboss.logging.Logger;

/**
 * The signing keys. Private keys are files in AUTH_KEYS_DIR ({kid}.pem, PKCS#8 RSA) that every replica mounts
 * from one Secret; their lifecycle (published, active, retired) is in PostgreSQL, so every replica agrees.
 * Each replica re-reads both every {@value #REFRESH_SECONDS} seconds and after each admin command.
 * Before any rotation command has run, the key with the greatest kid signs (a fresh install needs no state).
 * Measured: which key signs ({@value #KEY_INFO}{kid} = 1) and since when ({@value #KEY_AGE}{kid}, seconds since it
 * was activated, or before the first rotation command since its file was written), so an alert can ask for a rotation.
 */
@Startup
@ApplicationScoped
public class SigningKeys {

    static final long REFRESH_SECONDS = 30;
    static final String KEY_INFO = "pressroom.auth.signing.key.info";
    static final String KEY_AGE = "pressroom.auth.signing.key.age";
    private static final Logger LOG = Logger.getLogger(SigningKeys.class);

    private final Path dir;
    private final PostgresCalls postgres;
    private final Vertx vertx;
    private final Clock clock;
    private final long timer;
    private final MultiGauge keyInfo;
    private final MultiGauge keyAge;
    private volatile Ring ring;
    /** When the key that signs started signing. */
    private volatile Instant activeSince;

    /** The keys in force: the one that signs, and every one published in the JWKS. */
    record Ring(SigningKey active, List<SigningKey> published, Map<String, Object> jwks) {}

    public SigningKeys(
            AuthConfig config,
            Clock clock,
            PostgresCalls postgres,
            Vertx vertx,
            MeterRegistry registry,
            DatastoreErrors datastoreErrors) {
        this.dir = Path.of(config.keysDir());
        this.postgres = postgres;
        this.vertx = vertx;
        this.clock = clock;
        this.keyInfo = MultiGauge.builder(KEY_INFO)
                .description("1 for the signing key in use")
                .register(registry);
        this.keyAge = MultiGauge.builder(KEY_AGE)
                .baseUnit("seconds")
                .description("Seconds since the signing key in use started signing")
                .register(registry);
        if (config.generateDevKey()) {
            ensureDevelopmentKey(dir, clock);
        }
        use(ring(loadFiles(dir), Map.of()), Map.of());
        try {
            // Startup runs on the main thread: wait once for the shared state so no replica starts on the wrong key.
            refresh().await().atMost(Duration.ofSeconds(10));
        } catch (RuntimeException e) {
            LOG.warnf(
                    "Signing key states not read from PostgreSQL yet (%s); using the key files alone", e.getMessage());
        }
        this.timer = vertx.setPeriodic(
                REFRESH_SECONDS * 1000,
                id -> refresh().subscribe().with(r -> {}, e -> {
                    datastoreErrors.postgresql(e);
                    LOG.warnf("Refreshing signing keys failed: %s", e.getMessage());
                }));
        LOG.infof(
                "Signing with key %s; %d key(s) published",
                active().kid(), ring.published().size());
    }

    @PreDestroy
    void stop() {
        vertx.cancelTimer(timer);
    }

    public SigningKey active() {
        return ring.active();
    }

    /** A published key: ID tokens are verified (logout hints) only against keys still in the JWKS. */
    public Optional<SigningKey> find(String kid) {
        return ring.published().stream().filter(k -> k.kid().equals(kid)).findFirst();
    }

    /** RFC 7517 §5 JWK Set of the public keys. */
    public Map<String, Object> jwks() {
        return ring.jwks();
    }

    Path dir() {
        return dir;
    }

    List<SigningKey> files() {
        return loadFiles(dir);
    }

    /** Re-reads the key files and their states. */
    public Uni<Void> refresh() {
        return postgres.query("SELECT kid, state, changed_at FROM signing_keys")
                .invoke(rows -> {
                    Map<String, String> states = new HashMap<>();
                    Map<String, Instant> changed = new HashMap<>();
                    rows.forEach(r -> {
                        states.put(r.getString("kid"), r.getString("state"));
                        changed.put(
                                r.getString("kid"),
                                r.getOffsetDateTime("changed_at").toInstant());
                    });
                    Ring next = ring(loadFiles(dir), states);
                    if (!next.active().kid().equals(ring.active().kid())) {
                        LOG.infof("Now signing with key %s", next.active().kid());
                    }
                    use(next, "active".equals(states.get(next.active().kid())) ? changed : Map.of());
                })
                .replaceWithVoid();
    }

    /** @param activated when keys were activated; without the active key's, its file's time stands in */
    private void use(Ring next, Map<String, Instant> activated) {
        String kid = next.active().kid();
        activeSince = activated.containsKey(kid) ? activated.get(kid) : written(kid);
        boolean changed = ring == null || !ring.active().kid().equals(kid);
        ring = next;
        if (changed) {
            Tags tags = Tags.of("kid", kid);
            keyInfo.register(List.of(MultiGauge.Row.of(tags, 1)), true);
            keyAge.register(
                    List.of(MultiGauge.Row.of(
                            tags,
                            this,
                            keys -> Duration.between(keys.activeSince, keys.clock.instant())
                                    .toSeconds())),
                    true);
        }
    }

    private Instant written(String kid) {
        try {
            return Files.getLastModifiedTime(dir.resolve(kid + ".pem")).toInstant();
        } catch (IOException e) {
            return clock.instant();
        }
    }

    static Ring ring(List<SigningKey> files, Map<String, String> states) {
        if (files.isEmpty()) {
            throw new IllegalStateException("No signing key (*.pem) found; set AUTH_KEYS_DIR");
        }
        List<SigningKey> published = files.stream()
                .filter(k -> !"retired".equals(states.get(k.kid())))
                .toList();
        if (published.isEmpty()) {
            throw new IllegalStateException("Every signing key is retired; publish and activate a new one");
        }
        SigningKey active = published.stream()
                .filter(k -> "active".equals(states.get(k.kid())))
                .findFirst()
                .orElseGet(() -> published.stream()
                        .filter(k -> !states.containsKey(k.kid()))
                        .max(Comparator.comparing(SigningKey::kid))
                        .orElse(published.get(published.size() - 1)));
        return new Ring(
                active,
                published,
                Map.of("keys", published.stream().map(SigningKey::publicJwk).toList()));
    }

    private static List<SigningKey> loadFiles(Path dir) {
        List<SigningKey> result = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return result;
        }
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".pem"))
                    .sorted()
                    .toList()) {
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

    /** Writes a new key file (where the directory is writable: dev, or a writable volume); answers its kid. */
    static String writeNewKey(Path dir, Clock clock) throws IOException, GeneralSecurityException {
        String kid = LocalDate.now(clock) + "-"
                + dev.pressroom.kernel.id.Tokens.random(6).replace('_', 'x').replace('-', 'y');
        Path file = dir.resolve(kid + ".pem");
        Path temp = dir.resolve("." + kid + ".tmp");
        byte[] pem = PemKeys.generatePem().getBytes(StandardCharsets.US_ASCII);
        OwnerOnlyFiles.create(temp, out -> out.write(pem));
        Files.move(temp, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        return kid;
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
            String kid = writeNewKey(dir, clock);
            LOG.warnf("Generated development signing key %s in %s", kid, dir.toAbsolutePath());
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("Cannot create the development signing key in " + dir, e);
        }
    }
}
