package dev.pressroom.content.crypto;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * HMAC-SHA-256 under one fixed key, as base64url without padding. Each thread keeps its own initialised {@link Mac}:
 * looking up the provider and scheduling the key cost more than the MAC of a short input, and both ran on every
 * Content API request (the key's hash and the answer's entity tag).
 */
public final class HmacSha256 {

    private final ThreadLocal<Mac> macs;

    public HmacSha256(String key) {
        SecretKeySpec spec = new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), "HmacSHA256");
        this.macs = ThreadLocal.withInitial(() -> initialised(spec));
        initialised(spec); // fail at start, not at the first request
    }

    /** The MAC of the UTF-8 bytes of {@code text}, base64url without padding (43 characters). */
    public String of(String text) {
        // doFinal leaves the Mac reset for the thread's next call.
        byte[] mac = macs.get().doFinal(text.getBytes(StandardCharsets.UTF_8));
        return Base64.getUrlEncoder().withoutPadding().encodeToString(mac);
    }

    private static Mac initialised(SecretKeySpec spec) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(spec);
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is required of every JVM", e);
        }
    }
}
