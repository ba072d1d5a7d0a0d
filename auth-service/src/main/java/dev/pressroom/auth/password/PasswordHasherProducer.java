package dev.pressroom.auth.password;

import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.auth.jni.NativeOrJava;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.jboss.logging.Logger;

/** The replica's password hasher, its Argon2id implementation chosen (and logged) at startup from AUTH_ARGON2. */
@ApplicationScoped
public class PasswordHasherProducer {

    private static final Logger LOG = Logger.getLogger(PasswordHasherProducer.class);

    @Produces
    @Singleton
    @Startup
    PasswordHasher hasher(AuthConfig config) {
        NativeOrJava.Choice<Argon2id> choice = Argon2ids.choose(config.argon2(),
                () -> ReferenceArgon2id.load(Runtime.getRuntime().availableProcessors(), PasswordHasher.MEMORY_KIB));
        LOG.info(choice.description());
        return new PasswordHasher(choice.implementation());
    }
}
