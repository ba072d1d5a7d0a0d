package dev.pressroom.auth.token;

import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.auth.jni.NativeOrJava;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.jboss.logging.Logger;

/** The one RS256 signer of the replica, chosen (and logged) at startup, closed at shutdown. */
@ApplicationScoped
public class RsaSignerProducer {

    private static final Logger LOG = Logger.getLogger(RsaSignerProducer.class);

    @Produces
    @Singleton
    @Startup
    RsaSigner signer(AuthConfig config) {
        NativeOrJava.Choice<RsaSigner> choice = RsaSigners.choose(config.signer(), OpenSslRsaSigner::load);
        LOG.info(choice.description());
        return choice.implementation();
    }

    void close(@Disposes RsaSigner signer) {
        signer.close();
    }
}
