package dev.pressroom.auth.validate;

import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.util.List;
import java.util.Optional;
import org.jose4j.jwk.EllipticCurveJsonWebKey;
import org.jose4j.jwk.JsonWebKey;
import org.jose4j.jwk.JsonWebKeySet;
import org.jose4j.jwk.PublicJsonWebKey;
import org.jose4j.jwk.RsaJsonWebKey;
import org.jose4j.jwk.Use;
import org.jose4j.keys.EllipticCurves;
import org.jose4j.lang.JoseException;

/**
 * The public keys a client signs its assertions with (RFC 7517 JWK Set, from {@code jwks} or {@code jwks_uri}):
 * RSA of at least 2048 bits or EC P-256, public parts only, for signing. Checked the same way at registration and
 * at each fetch of a jwks_uri, since that document can change after registration.
 */
public final class JwkSets {

    /** More keys than a client needs for a rotation; bounds the work of one lookup. */
    public static final int MAX_KEYS = 10;

    private JwkSets() {}

    /** The usable keys of a JWK Set document, or why it is refused. */
    public static Parsed parse(String json) {
        List<JsonWebKey> keys;
        try {
            keys = new JsonWebKeySet(json).getJsonWebKeys();
        } catch (JoseException | RuntimeException e) {
            return new Parsed(List.of(), Optional.of("is not a JWK Set (RFC 7517 §5)"));
        }
        if (keys.isEmpty() || keys.size() > MAX_KEYS) {
            return new Parsed(List.of(), Optional.of("must hold 1 to " + MAX_KEYS + " keys"));
        }
        for (JsonWebKey key : keys) {
            Optional<String> problem = keyProblem(key);
            if (problem.isPresent()) {
                return new Parsed(List.of(), problem);
            }
        }
        return new Parsed(List.copyOf(keys), Optional.empty());
    }

    private static Optional<String> keyProblem(JsonWebKey key) {
        if (key.getUse() != null && !Use.SIGNATURE.equals(key.getUse())) {
            return Optional.of("may hold signing keys only (use \"sig\")");
        }
        if (key instanceof PublicJsonWebKey pub && pub.getPrivateKey() != null) {
            return Optional.of("must hold public keys only: it contains a private key");
        }
        if (key instanceof RsaJsonWebKey rsa
                && ((RSAPublicKey) rsa.getPublicKey()).getModulus().bitLength() >= 2048) {
            return Optional.empty();
        }
        if (key instanceof EllipticCurveJsonWebKey ec
                && EllipticCurves.P_256.equals(EllipticCurves.getName(
                        ((ECPublicKey) ec.getPublicKey()).getParams().getCurve()))) {
            return Optional.empty();
        }
        return Optional.of("may hold RSA keys of 2048 bits or more and EC P-256 keys only");
    }

    /** The keys, empty with a reason when the document is refused. */
    public record Parsed(List<JsonWebKey> keys, Optional<String> problem) {}
}
