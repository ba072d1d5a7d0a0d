package dev.pressroom.auth.support;

import dev.pressroom.auth.keys.PemKeys;
import dev.pressroom.auth.keys.SigningKey;
import java.security.GeneralSecurityException;

/** Fresh RSA-2048 signing keys for plain unit tests, read back through the same PEM path as key files. */
public final class TestKeys {

    private TestKeys() {}

    public static SigningKey generate(String kid) throws GeneralSecurityException {
        return PemKeys.parse(kid, PemKeys.generatePem());
    }
}
