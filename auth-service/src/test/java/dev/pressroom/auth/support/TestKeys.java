package dev.pressroom.auth.support;

import dev.pressroom.auth.keys.JwsAlgorithm;
import dev.pressroom.auth.keys.PemKeys;
import dev.pressroom.auth.keys.SigningKey;
import java.security.GeneralSecurityException;

/** Fresh signing keys for plain unit tests, read back through the same PEM path as key files. */
public final class TestKeys {

    private TestKeys() {}

    /** An RSA-2048 RS256 key. */
    public static SigningKey generate(String kid) throws GeneralSecurityException {
        return generate(kid, JwsAlgorithm.RS256);
    }

    /** A key for {@code alg}; the kid gets the algorithm's suffix where its file would need one. */
    public static SigningKey generate(String kid, JwsAlgorithm alg) throws GeneralSecurityException {
        String suffix = alg == JwsAlgorithm.RS256 ? "" : "." + alg.name().toLowerCase(java.util.Locale.ROOT);
        return PemKeys.parse(kid + suffix, PemKeys.generatePem(alg));
    }
}
