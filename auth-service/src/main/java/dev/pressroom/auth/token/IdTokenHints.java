package dev.pressroom.auth.token;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.auth.jose.JwsRefused;
import dev.pressroom.auth.jose.JwsVerifier;
import dev.pressroom.auth.jose.PublicJwk;
import dev.pressroom.auth.keys.SigningKeys;
import dev.pressroom.auth.store.Session;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.StreamSupport;

/**
 * Reads an id_token_hint (OIDC RP-Initiated Logout 1.0 §2) with {@link JwsVerifier}, as every JWS this service
 * receives: one of our own ID tokens, RS256, PS256 or ES256, signed by a key our JWKS publishes (the key its kid
 * names; so a hint signed before a rotation reads until its key is retired), issued by this issuer, for exactly one
 * client, with the iat and exp every ID token of ours has. An expired hint is still a hint: §2 asks the OP to accept
 * it "even when the exp time has passed".
 */
@ApplicationScoped
public class IdTokenHints {

    /** Far more than an ID token of ours with every standard claim; a longer hint is none of ours. */
    static final int MAX_LENGTH = 16 * 1024;

    /** The algorithms of {@link dev.pressroom.auth.keys.JwsAlgorithm}, the ones our ID tokens are signed with. */
    private static final JwsVerifier JWS = new JwsVerifier(
            "id_token_hint", List.of("RS256", "PS256", "ES256"), JwsVerifier.Types.optional("JWT"), MAX_LENGTH);

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String issuer;
    private final Supplier<Map<String, Object>> publishedKeys;
    private volatile Published published;

    /** The published JWK Set as last read, and its keys. */
    private record Published(Map<String, Object> jwks, List<PublicJwk> keys) {}

    @Inject
    public IdTokenHints(SigningKeys keys, AuthConfig config) {
        this(config.issuer(), keys::jwks);
    }

    /** @param publishedKeys the JWK Set (RFC 7517 §5) whose keys a hint may be signed with, read at every hint */
    public IdTokenHints(String issuer, Supplier<Map<String, Object>> publishedKeys) {
        this.issuer = issuer;
        this.publishedKeys = publishedKeys;
    }

    /** The hint's audience (client id), sub and sid, or empty when it is not a genuine ID token of this issuer. */
    public Optional<Hint> read(String idToken) {
        JwsVerifier.Verified token;
        try {
            token = JWS.verify(idToken, keys());
        } catch (JwsRefused e) {
            return Optional.empty();
        }
        JsonNode claims = token.claims();
        String audience = soleAudience(claims.get("aud"));
        if (!issuer.equals(token.claim("iss"))
                || audience == null
                || !claims.path("iat").isNumber()
                || !claims.path("exp").isNumber()) {
            return Optional.empty();
        }
        return Optional.of(new Hint(audience, token.claim("sub"), token.claim("sid")));
    }

    /** OIDC Core §2: aud is one string or an array of strings; a hint's must name exactly one client. */
    private static String soleAudience(JsonNode aud) {
        if (aud != null && aud.isArray() && aud.size() == 1) {
            aud = aud.get(0);
        }
        return aud != null && aud.isTextual() ? aud.textValue() : null;
    }

    private List<PublicJwk> keys() {
        Map<String, Object> jwks = publishedKeys.get();
        Published current = published;
        if (current == null || !current.jwks().equals(jwks)) {
            current = new Published(jwks, read(jwks));
            published = current;
        }
        return current.keys();
    }

    private static List<PublicJwk> read(Map<String, Object> jwks) {
        JsonNode keys = JSON.valueToTree(jwks).path("keys");
        return StreamSupport.stream(keys.spliterator(), false)
                .map(PublicJwk::read)
                .toList();
    }

    public record Hint(String clientId, String subject, String sid) {

        /** Issued in this session to its End-User (RP-Initiated Logout §2: "belongs to the current OP session"). */
        public boolean isOf(Session session) {
            return subject != null && sid != null && subject.equals(session.accountId()) && sid.equals(session.sid());
        }
    }
}
