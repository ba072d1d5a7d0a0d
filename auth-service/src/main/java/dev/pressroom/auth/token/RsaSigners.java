package dev.pressroom.auth.token;

import java.util.Locale;
import java.util.function.Supplier;

/** Picks the RS256 signer from AUTH_SIGNER: {@code auto} (OpenSSL when its library loads), {@code openssl}, {@code jdk}. */
final class RsaSigners {

    private RsaSigners() {
    }

    /** The signer and the sentence the startup log says about it. */
    record Choice(RsaSigner signer, String description) {
    }

    /**
     * @param openssl loads the OpenSSL signer, throwing IllegalStateException when it cannot
     * @throws IllegalStateException when {@code openssl} is asked for and does not load (no silent fallback then)
     */
    static Choice choose(String mode, Supplier<OpenSslRsaSigner> openssl) {
        switch (mode.trim().toLowerCase(Locale.ROOT)) {
            case "jdk":
                return new Choice(new JdkRsaSigner(), "RS256 signing with the JDK (AUTH_SIGNER=jdk)");
            case "openssl":
                try {
                    return openSsl(openssl.get(), "AUTH_SIGNER=openssl");
                } catch (IllegalStateException e) {
                    throw new IllegalStateException("AUTH_SIGNER=openssl, but " + e.getMessage(), e);
                }
            case "auto":
                try {
                    return openSsl(openssl.get(), "AUTH_SIGNER=auto");
                } catch (IllegalStateException e) {
                    return new Choice(new JdkRsaSigner(), "RS256 signing with the JDK (AUTH_SIGNER=auto; the OpenSSL "
                            + "signer is not available: " + e.getMessage() + ")");
                }
            default:
                throw new IllegalArgumentException("AUTH_SIGNER must be auto, openssl or jdk, not " + mode);
        }
    }

    private static Choice openSsl(OpenSslRsaSigner signer, String why) {
        return new Choice(signer, "RS256 signing with " + signer.version() + " (" + why + ")");
    }
}
