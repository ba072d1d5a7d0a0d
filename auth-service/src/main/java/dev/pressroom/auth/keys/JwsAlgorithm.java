package dev.pressroom.auth.keys;

import java.security.PrivateKey;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.RSAPrivateKey;
import java.util.Arrays;
import java.util.Optional;

/**
 * The algorithms ID tokens are signed with (RFC 7518 §3.1), one key each, as Keycloak keeps a key per algorithm:
 * RS256, the default (spec Resources C), and PS256 and ES256, which the FAPI 2.0 Security Profile allows. A key
 * file's algorithm is its kind and its kid: a P-256 key signs ES256; an RSA key PS256 when its kid ends in
 * {@code .ps256}, else RS256.
 */
public enum JwsAlgorithm {
    RS256,
    PS256,
    ES256;

    /** The kid suffix of a PS256 key, which is RSA like an RS256 one. */
    static final String PS256_SUFFIX = ".ps256";

    /** The kid suffix keys generated here give ES256 keys, so the kid says what it signs. */
    static final String ES256_SUFFIX = ".es256";

    /** The algorithm a JWS header or client metadata names, if it is one of ours. */
    public static Optional<JwsAlgorithm> named(String name) {
        return Arrays.stream(values()).filter(a -> a.name().equals(name)).findFirst();
    }

    /** What the key file {@code kid} with {@code key} signs. */
    static JwsAlgorithm of(String kid, PrivateKey key) throws java.security.GeneralSecurityException {
        if (key instanceof ECPrivateKey ec) {
            if (ec.getParams().getCurve().getField().getFieldSize() != 256 || kid.endsWith(PS256_SUFFIX)) {
                throw new java.security.GeneralSecurityException("key " + kid + " is EC but not a P-256 ES256 key");
            }
            return ES256;
        }
        if (key instanceof RSAPrivateKey && !kid.endsWith(ES256_SUFFIX)) {
            return kid.endsWith(PS256_SUFFIX) ? PS256 : RS256;
        }
        throw new java.security.GeneralSecurityException("key " + kid + " is neither RSA nor EC P-256 as its kid says");
    }

    /** The suffix a new key's kid gets, so that its file says what it signs. */
    String kidSuffix() {
        return switch (this) {
            case RS256 -> "";
            case PS256 -> PS256_SUFFIX;
            case ES256 -> ES256_SUFFIX;
        };
    }
}
