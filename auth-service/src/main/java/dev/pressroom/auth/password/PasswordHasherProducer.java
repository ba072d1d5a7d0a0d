package dev.pressroom.auth.password;

import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.auth.jni.NativeOrJava;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.nio.file.Path;
import org.jboss.logging.Logger;

/**
 * The replica's hashing pool and password hasher: as many work areas as hashing threads (AUTH_HASH_THREADS, by default
 * the container's CPU limit, {@link CpuLimit}), the implementation chosen (and logged) at startup from AUTH_ARGON2.
 */
@ApplicationScoped
public class PasswordHasherProducer {

    private static final Logger LOG = Logger.getLogger(PasswordHasherProducer.class);

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
    PasswordHasher hasher(AuthConfig config, HashingPool pool) {
        NativeOrJava.Choice<Argon2id> choice = Argon2ids.choose(
                config.argon2(), () -> ReferenceArgon2id.load(pool.threads(), PasswordHasher.MEMORY_KIB));
        LOG.info(choice.description());
        return new PasswordHasher(choice.implementation());
    }
}
