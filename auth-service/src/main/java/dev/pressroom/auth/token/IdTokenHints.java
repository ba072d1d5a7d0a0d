package dev.pressroom.auth.token;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.auth.keys.SigningKeys;
import dev.pressroom.auth.store.Session;
import io.smallrye.jwt.KeyFormat;
import io.smallrye.jwt.algorithm.SignatureAlgorithm;
import io.smallrye.jwt.auth.principal.DefaultJWTCallerPrincipalFactory;
import io.smallrye.jwt.auth.principal.DefaultJWTParser;
import io.smallrye.jwt.auth.principal.JWTAuthContextInfo;
import io.smallrye.jwt.auth.principal.JWTParser;
import io.smallrye.jwt.auth.principal.ParseException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * Reads an id_token_hint (OIDC RP-Initiated Logout 1.0 §2) with SmallRye JWT: one of our own ID tokens, RS256, PS256
 * or ES256,
 * signed by a key our JWKS publishes (the key its kid names; so a hint signed before a rotation reads until its key is
 * retired), issued by this issuer, for exactly one client. An expired hint is still a hint: §2 asks the OP to accept
 * it "even when the exp time has passed".
 */
@ApplicationScoped
public class IdTokenHints {

    /** The clock skew SmallRye JWT allows around exp and iat, in seconds: any expiry (both are still required). */
    private static final int ANY_EXPIRY = Integer.MAX_VALUE;

    private final String issuer;
    private final Supplier<Map<String, Object>> publishedKeys;
    private final ObjectMapper json = new ObjectMapper();
    private volatile Verifier verifier;

    /** A parser for one JWK Set: SmallRye JWT keeps the key resolver it built for the first token it parsed. */
    private record Verifier(Map<String, Object> jwks, JWTParser parser) {}

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
        JsonWebToken token;
        try {
            token = parser().parse(idToken);
        } catch (ParseException e) {
            return Optional.empty();
        }
        Set<String> audience = token.getAudience();
        if (audience == null || audience.size() != 1) {
            return Optional.empty();
        }
        return Optional.of(new Hint(audience.iterator().next(), token.getSubject(), text(token.getClaim("sid"))));
    }

    private static String text(Object claim) {
        return claim instanceof String value ? value : null;
    }

    private JWTParser parser() {
        Map<String, Object> jwks = publishedKeys.get();
        Verifier current = verifier;
        if (current == null || !current.jwks().equals(jwks)) {
            current = new Verifier(jwks, new DefaultJWTParser(context(jwks), new DefaultJWTCallerPrincipalFactory()));
            verifier = current;
        }
        return current.parser();
    }

    private JWTAuthContextInfo context(Map<String, Object> jwks) {
        JWTAuthContextInfo context = new JWTAuthContextInfo();
        try {
            context.setPublicKeyContent(json.writeValueAsString(jwks));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Cannot serialise the JWK Set", e);
        }
        context.setKeyFormat(KeyFormat.JWK);
        // Each algorithm an ID token of ours may be signed with; the kid picks the published key, whose type must fit.
        context.setSignatureAlgorithm(
                Set.of(SignatureAlgorithm.RS256, SignatureAlgorithm.PS256, SignatureAlgorithm.ES256));
        context.setIssuedBy(issuer);
        context.setClockSkew(ANY_EXPIRY);
        context.setRelaxVerificationKeyValidation(false);
        return context;
    }

    public record Hint(String clientId, String subject, String sid) {

        /** Issued in this session to its End-User (RP-Initiated Logout §2: "belongs to the current OP session"). */
        public boolean isOf(Session session) {
            return subject != null && sid != null && subject.equals(session.accountId()) && sid.equals(session.sid());
        }
    }
}
