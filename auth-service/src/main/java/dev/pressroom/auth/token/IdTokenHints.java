package dev.pressroom.auth.token;

import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.auth.keys.SigningKey;
import dev.pressroom.auth.keys.SigningKeys;
import dev.pressroom.auth.store.Session;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Optional;
import org.jose4j.jwa.AlgorithmConstraints;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;

/**
 * Reads an id_token_hint (OIDC RP-Initiated Logout §2): one of our own ID tokens, signature checked, while an
 * expired one is still accepted as a hint.
 */
@ApplicationScoped
public class IdTokenHints {

    private final SigningKeys keys;
    private final AuthConfig config;

    public IdTokenHints(SigningKeys keys, AuthConfig config) {
        this.keys = keys;
        this.config = config;
    }

    /** The hint's audience (client id) and sid, or empty when it is not a genuine ID token of this issuer. */
    public Optional<Hint> read(String idToken) {
        try {
            JsonWebSignature jws = new JsonWebSignature();
            jws.setAlgorithmConstraints(new AlgorithmConstraints(
                    AlgorithmConstraints.ConstraintType.PERMIT, AlgorithmIdentifiers.RSA_USING_SHA256));
            jws.setCompactSerialization(idToken);
            Optional<SigningKey> key = keys.find(jws.getKeyIdHeaderValue());
            if (key.isEmpty()) {
                return Optional.empty();
            }
            jws.setKey(key.get().publicKey());
            if (!jws.verifySignature()) {
                return Optional.empty();
            }
            JwtClaims claims = JwtClaims.parse(jws.getPayload());
            List<String> audience = claims.getAudience();
            if (!config.issuer().equals(claims.getIssuer()) || audience.size() != 1) {
                return Optional.empty();
            }
            return Optional.of(new Hint(audience.get(0), claims.getSubject(), claims.getStringClaimValue("sid")));
        } catch (Exception e) {
            return Optional.empty();
        }
    }

    public record Hint(String clientId, String subject, String sid) {

        /** Issued in this session to its End-User (RP-Initiated Logout §2: "belongs to the current OP session"). */
        public boolean isOf(Session session) {
            return subject != null && sid != null && subject.equals(session.accountId()) && sid.equals(session.sid());
        }
    }
}
