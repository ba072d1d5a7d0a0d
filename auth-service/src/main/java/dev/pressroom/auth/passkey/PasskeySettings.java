package dev.pressroom.auth.passkey;

import dev.pressroom.auth.config.AuthConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import java.net.URI;

/** The relying party's id and origin, configured or derived from the issuer; the verifier built on them. */
public final class PasskeySettings {

    private PasskeySettings() {}

    /** The issuer's host, or localhost for an IP literal (WebAuthn §5.1.3: an RP id is a domain, never an IP). */
    public static String rpId(String issuer, String configured) {
        if (configured != null && !configured.isBlank()) {
            return configured;
        }
        String host = URI.create(issuer).getHost();
        boolean ipLiteral = host.startsWith("[") || host.matches("[0-9.]+");
        return ipLiteral ? "localhost" : host;
    }

    /** The issuer's scheme and port with the RP id as host: the origin the browser reports for the pages. */
    public static String origin(String issuer, String rpId, String configured) {
        if (configured != null && !configured.isBlank()) {
            return configured;
        }
        URI uri = URI.create(issuer);
        return uri.getScheme() + "://" + rpId + (uri.getPort() == -1 ? "" : ":" + uri.getPort());
    }

    @ApplicationScoped
    static class Producer {

        @Produces
        @ApplicationScoped
        PasskeyVerifier verifier(AuthConfig config) {
            String rpId = rpId(config.issuer(), config.passkeys().rpId().orElse(null));
            return new PasskeyVerifier(
                    rpId,
                    origin(config.issuer(), rpId, config.passkeys().origin().orElse(null)));
        }
    }
}
