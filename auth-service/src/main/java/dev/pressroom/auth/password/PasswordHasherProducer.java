package dev.pressroom.auth.password;

import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.auth.jni.NativeOrJava;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import io.quarkus.runtime.StartupEvent;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.nio.file.Path;
import java.time.Duration;
import org.jboss.logging.Logger;

/**
 * The replica's hashing pool and password hasher: as many work areas as hashing threads (AUTH_HASH_THREADS, by default
 * the container's CPU limit, {@link CpuLimit}), the implementation chosen (and logged) at startup from AUTH_ARGON2.
 * Work areas no sign-in has used for {@link #IDLE_AREAS} give their memory back, as the JVM's malloc_trim every 2 s
 * (the Deployment's -XX:TrimNativeHeapInterval) does for the rest of the native memory.
 */
@ApplicationScoped
public class PasswordHasherProducer {

    private static final Logger LOG = Logger.getLogger(PasswordHasherProducer.class);
    static final Duration IDLE_AREAS = Duration.ofSeconds(2);
    static final String RESIDENT_AREAS = "pressroom.auth.hash.areas.resident";

    @Produces
    @Singleton
    HashingPool pool(AuthConfig config, MeterRegistry registry) {
        HashingPool pool = new HashingPool(
                config.hashing()
                        .threads()
                        .orElseGet(() -> CpuLimit.defaultThreads(
                                Path.of("/sys/fs/cgroup"), Runtime.getRuntime().availableProcessors())),
                config.hashing().queue(),
                registry);
        LOG.infof(
                "Password hashing pool: %d thread(s) and work area(s) (AUTH_HASH_THREADS), at most %d hashes "
                        + "waiting (AUTH_HASH_QUEUE)",
                pool.threads(), config.hashing().queue());
        return pool;
    }

    void close(@Disposes HashingPool pool) {
        pool.close();
    }

    @Produces
    @Singleton
    @Startup
    PasswordHasher hasher(AuthConfig config, HashingPool pool, MeterRegistry registry) {
        NativeOrJava.Choice<Argon2id> choice = Argon2ids.choose(
                config.argon2(), () -> ReferenceArgon2id.load(pool.threads(), PasswordHasher.MEMORY_KIB));
        LOG.info(choice.description());
        PasswordHasher hasher = new PasswordHasher(choice.implementation());
        Gauge.builder(RESIDENT_AREAS, hasher, PasswordHasher::residentAreas)
                .description("Password hashing work areas whose memory is kept (7 MiB each)")
                .register(registry);
        return hasher;
    }

    /** A madvise per idle area, microseconds: done on the event loop's timer. */
    void releaseIdleAreas(@Observes StartupEvent started, Vertx vertx, PasswordHasher hasher) {
        vertx.setPeriodic(IDLE_AREAS.toMillis(), id -> hasher.releaseIdleMemory(IDLE_AREAS));
    }
}
