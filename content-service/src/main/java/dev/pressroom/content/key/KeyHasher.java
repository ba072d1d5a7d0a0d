package dev.pressroom.content.key;

import dev.pressroom.content.crypto.HmacSha256;

/** How keys are stored: HMAC-SHA-256 under the service's pepper, base64url. Keys are random, so no slow hash is needed. */
public final class KeyHasher {

    private final HmacSha256 hmac;

    public KeyHasher(String pepper) {
        this.hmac = new HmacSha256(pepper);
    }

    public String hash(String key) {
        return hmac.of(key);
    }
}
