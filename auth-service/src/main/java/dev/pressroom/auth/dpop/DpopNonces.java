package dev.pressroom.auth.dpop;

import dev.pressroom.kernel.id.Tokens;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Server-provided DPoP nonces (RFC 9449 §8, §9) without a Redis call per request: the nonce of a time window is a MAC
 * of the window's number under a key every replica shares, so any replica accepts what another gave out. The current
 * and the previous window's nonces are accepted, so a nonce lives one to two lifetimes and rotates by itself.
 */
public final class DpopNonces {

    private final byte[] key;
    private final Clock clock;
    private final long lifetimeSeconds;

    public DpopNonces(byte[] key, Clock clock, Duration lifetime) {
        this.key = key.clone();
        this.clock = clock;
        this.lifetimeSeconds = lifetime.toSeconds();
    }

    /** The nonce to give out now (the DPoP-Nonce header). */
    public String current() {
        return nonce(window());
    }

    public boolean accepted(String nonce) {
        long window = window();
        return Tokens.constantTimeEquals(nonce, nonce(window)) || Tokens.constantTimeEquals(nonce, nonce(window - 1));
    }

    private long window() {
        return clock.instant().getEpochSecond() / lifetimeSeconds;
    }

    private String nonce(long window) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            byte[] tag = mac.doFinal(("dpop-nonce." + window).getBytes(StandardCharsets.US_ASCII));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(tag);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is required of every JVM", e);
        }
    }
}
