package dev.pressroom.auth.token;

import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/** The one RS256 signer of the replica, chosen (and logged) at startup, closed at shutdown. */
@ApplicationScoped
public class RsaSignerProducer {

    private static final Logger LOG = Logger.getLogger(RsaSignerProducer.class);

    /** rs256.signer rather than auth.signer: AuthConfig maps, and validates, every auth.* key. */
    @Produces
    @Singleton
    @Startup
    RsaSigner signer(@ConfigProperty(name = "rs256.signer") String mode) {
        RsaSigners.Choice choice = RsaSigners.choose(mode, OpenSslRsaSigner::load);
        LOG.info(choice.description());
        return choice.signer();
    }

    void close(@Disposes RsaSigner signer) {
        signer.close();
    }
}
