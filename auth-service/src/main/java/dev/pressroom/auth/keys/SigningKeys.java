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
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jboss.logging.Logger;

/**
 * The signing keys. Private keys are files in AUTH_KEYS_DIR ({kid}.pem, PKCS#8 RSA or EC P-256) that every replica
 * mounts from one Secret; their lifecycle (published, active, retired) is in PostgreSQL, so every replica agrees.
 * Each replica re-reads both every {@value #REFRESH_SECONDS} seconds and after each admin command.
 * One key signs per algorithm ({@link JwsAlgorithm}): RS256 always, PS256 and ES256 where a key for them exists.
 * Before any rotation command has run for an algorithm, its key with the greatest kid signs (a fresh install needs no
 * state). Measured: which keys sign ({@value #KEY_INFO}{kid} = 1) and since when ({@value #KEY_AGE}{kid}, seconds since
 * it was activated, or before the first rotation command since its file was written), so an alert can ask for a
 * rotation.
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
    /** When each key that signs started signing, by kid. */
    private volatile Map<String, Instant> activeSince = Map.of();

    /**
     * The keys in force: the one that signs for each algorithm that has a key, every one published in the JWKS, and
     * the algorithms that can sign (discovery's id_token_signing_alg_values_supported).
     */
    record Ring(
            Map<JwsAlgorithm, SigningKey> signing,
            List<SigningKey> published,
            Map<String, Object> jwks,
            List<String> algorithms) {}

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
            Set<JwsAlgorithm> present =
                    loadFiles(dir).stream().map(SigningKey::alg).collect(Collectors.toSet());
            writeDevelopmentKeys(dir, clock, lacking(present), "no key file");
        }
        use(ring(loadFiles(dir), Map.of()), Map.of());
        awaitStates();
        // Every key file of an algorithm may have been retired in a database that outlived the files' use (another
        // run's rotation): such an algorithm gets a new key, as a missing one does.
        if (config.generateDevKey()
                && writeDevelopmentKeys(dir, clock, lacking(ring.signing().keySet()), "every key file retired")) {
            awaitStates();
        }
        this.timer = vertx.setPeriodic(
                REFRESH_SECONDS * 1000,
                id -> refresh().subscribe().with(r -> {}, e -> {
                    datastoreErrors.postgresql(e);
                    LOG.warnf("Refreshing signing keys failed: %s", e.getMessage());
                }));
        LOG.infof(
                "Signing with keys %s; %d key(s) published",
                signingKids(ring), ring.published().size());
    }

    @PreDestroy
    void stop() {
        vertx.cancelTimer(timer);
    }

    /** The key that signs {@code alg} now, if this provider has one for it. */
    public Optional<SigningKey> active(JwsAlgorithm alg) {
        return Optional.ofNullable(ring.signing().get(alg));
    }

    /** The algorithms that have a key that signs, in {@link JwsAlgorithm} order; the same list until the ring changes. */
    public List<String> algorithms() {
        return ring.algorithms();
    }

    private void awaitStates() {
        try {
            // Startup runs on the main thread: wait once for the shared state so no replica starts on the wrong key.
            refresh().await().atMost(Duration.ofSeconds(10));
        } catch (RuntimeException e) {
            LOG.warnf(
                    "Signing key states not read from PostgreSQL yet (%s); using the key files alone", e.getMessage());
        }
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
                    if (!signingKids(next).equals(signingKids(ring))) {
                        LOG.infof("Now signing with keys %s", signingKids(next));
                    }
                    Map<String, Instant> activated = new HashMap<>();
                    next.signing().values().stream()
                            .filter(k -> "active".equals(states.get(k.kid())))
                            .forEach(k -> activated.put(k.kid(), changed.get(k.kid())));
                    use(next, activated);
                })
                .replaceWithVoid();
    }

    /** @param activated when keys were activated; without a signing key's, its file's time stands in */
    private void use(Ring next, Map<String, Instant> activated) {
        Map<String, Instant> since = new HashMap<>();
        next.signing().values().forEach(k -> since.put(k.kid(), activated.getOrDefault(k.kid(), written(k.kid()))));
        activeSince = since;
        boolean changed = ring == null || !signingKids(ring).equals(signingKids(next));
        ring = next;
        if (changed) {
            List<MultiGauge.Row<?>> info = new ArrayList<>();
            List<MultiGauge.Row<?>> age = new ArrayList<>();
            for (String kid : signingKids(next)) {
                Tags tags = Tags.of("kid", kid);
                info.add(MultiGauge.Row.of(tags, 1));
                age.add(MultiGauge.Row.of(
                        tags,
                        this,
                        keys -> Duration.between(
                                        keys.activeSince.getOrDefault(kid, keys.clock.instant()), keys.clock.instant())
                                .toSeconds()));
            }
            keyInfo.register(info, true);
            keyAge.register(age, true);
        }
    }

    private static List<String> signingKids(Ring ring) {
        return ring.signing().values().stream().map(SigningKey::kid).toList();
    }

    private Instant written(String kid) {
        try {
            return Files.getLastModifiedTime(dir.resolve(kid + ".pem")).toInstant();
        } catch (IOException e) {
            return clock.instant();
        }
    }

    static Ring ring(List<SigningKey> files, Map<String, String> states) {
        if (files.stream().noneMatch(k -> k.alg() == JwsAlgorithm.RS256)) {
            throw new IllegalStateException("No RS256 signing key (*.pem, RSA) found; set AUTH_KEYS_DIR");
        }
        List<SigningKey> published = files.stream()
                .filter(k -> !"retired".equals(states.get(k.kid())))
                .toList();
        Map<JwsAlgorithm, SigningKey> signing = new EnumMap<>(JwsAlgorithm.class);
        for (JwsAlgorithm alg : JwsAlgorithm.values()) {
            List<SigningKey> ofAlg =
                    published.stream().filter(k -> k.alg() == alg).toList();
            if (!ofAlg.isEmpty()) {
                signing.put(alg, signingKey(ofAlg, states));
            }
        }
        if (!signing.containsKey(JwsAlgorithm.RS256)) {
            throw new IllegalStateException("Every RS256 signing key is retired; publish and activate a new one");
        }
        return new Ring(
                Collections.unmodifiableMap(signing),
                published,
                Map.of("keys", published.stream().map(SigningKey::publicJwk).toList()),
                signing.keySet().stream().map(JwsAlgorithm::name).toList());
    }

    /** The active one of an algorithm's published keys, or, before its first rotation command, the greatest kid. */
    private static SigningKey signingKey(List<SigningKey> published, Map<String, String> states) {
        return published.stream()
                .filter(k -> "active".equals(states.get(k.kid())))
                .findFirst()
                .orElseGet(() -> published.stream()
                        .filter(k -> !states.containsKey(k.kid()))
                        .max(Comparator.comparing(SigningKey::kid))
                        .orElse(published.get(published.size() - 1)));
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

    /**
     * Writes a new key file for {@code alg} (where the directory is writable: dev, or a writable volume); answers its
     * kid, which ends in the algorithm's suffix ({@link JwsAlgorithm}).
     */
    static String writeNewKey(Path dir, Clock clock, JwsAlgorithm alg) throws IOException, GeneralSecurityException {
        String kid = LocalDate.now(clock) + "-"
                + dev.pressroom.kernel.id.Tokens.random(6).replace('_', 'x').replace('-', 'y')
                + alg.kidSuffix();
        Path file = dir.resolve(kid + ".pem");
        Path temp = dir.resolve("." + kid + ".tmp");
        byte[] pem = PemKeys.generatePem(alg).getBytes(StandardCharsets.US_ASCII);
        OwnerOnlyFiles.create(temp, out -> out.write(pem));
        Files.move(temp, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        return kid;
    }

    /** The algorithms not in {@code have}, in {@link JwsAlgorithm} order. */
    private static List<JwsAlgorithm> lacking(Set<JwsAlgorithm> have) {
        return Arrays.stream(JwsAlgorithm.values())
                .filter(alg -> !have.contains(alg))
                .toList();
    }

    /**
     * Development only: writes a new key for each of {@code algs}, kept so tokens survive restarts; answers whether it
     * wrote any.
     */
    private static boolean writeDevelopmentKeys(Path dir, Clock clock, List<JwsAlgorithm> algs, String why) {
        try {
            Files.createDirectories(dir);
            for (JwsAlgorithm alg : algs) {
                String kid = writeNewKey(dir, clock, alg);
                LOG.warnf("Generated development %s signing key %s in %s (%s)", alg, kid, dir.toAbsolutePath(), why);
            }
            return !algs.isEmpty();
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("Cannot create the development signing keys in " + dir, e);
        }
    }
}
