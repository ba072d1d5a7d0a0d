package dev.pressroom.auth.client;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pressroom.auth.error.OAuthException;
import dev.pressroom.auth.jose.JwsRefused;
import dev.pressroom.auth.jose.JwsVerifier;
import dev.pressroom.auth.jose.PublicJwk;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The checks of a private_key_jwt client assertion (RFC 7523 §3, OIDC Core §9, RFC 9700 §2.3), all but the
 * single use of its jti, which needs Redis ({@link ClientAssertions}). Plain Java over the client's public keys; the
 * JWS itself is checked by {@link JwsVerifier}, as every JWS this service receives.
 *
 * <p>The audience must be our issuer identifier, alone: the token endpoint URL, which OIDC Core §9 suggests, is
 * refused, as draft-ietf-oauth-rfc7523bis and FAPI 2.0 require since an assertion made for an endpoint URL that a
 * malicious server advertised as its own could be replayed here.
 */
public final class AssertionRules {

    /** RFC 7518: RSA PKCS#1, RSA-PSS and ECDSA P-256. Never none, never a shared-secret HMAC. */
    public static final List<String> ALGORITHMS = List.of("RS256", "PS256", "ES256");

    /** The longest life an assertion may have: it authenticates one request, made right after it is signed. */
    public static final Duration MAX_LIFETIME = Duration.ofMinutes(5);

    /** Clock difference tolerated between the client and us. */
    public static final Duration SKEW = Duration.ofSeconds(30);

    static final int MAX_JTI = 256;

    /** An assertion signed with an 8192-bit RSA key and generous claims fits; a longer one is not read. */
    static final int MAX_LENGTH = 8192;

    /**
     * draft-ietf-oauth-rfc7523bis: client-authentication+jwt, or a plain JWT or none from clients that predate it;
     * never the typ of another kind of JWT (RFC 8725 §3.11), such as a DPoP proof.
     */
    private static final JwsVerifier JWS = new JwsVerifier(
            "client_assertion", ALGORITHMS, JwsVerifier.Types.optional("JWT", "client-authentication+jwt"), MAX_LENGTH);

    private final String issuer;

    public AssertionRules(String issuer) {
        this.issuer = issuer;
    }

    /** A checked assertion: its jti, to be used once, until it expires. */
    public record Verified(String jti, Instant expiresAt) {}

    /** No key of the client matches the assertion's kid (or, without a kid, its algorithm's key type). */
    public static final class UnknownKey extends RuntimeException {

        UnknownKey() {
            super("No registered key of the client matches the assertion's kid.", null, false, false);
        }
    }

    /**
     * Verifies the signature with the client's keys and checks the claims.
     *
     * @throws UnknownKey when no key fits, so the caller may fetch the client's jwks_uri again once
     * @throws OAuthException invalid_client for everything else
     */
    public Verified verify(String assertion, String clientId, List<PublicJwk> keys, Instant now) {
        JsonNode claims;
        try {
            claims = JWS.verify(assertion, keys).claims();
        } catch (JwsRefused e) {
            if (e.reason() == JwsRefused.Reason.NO_KEY) {
                throw new UnknownKey();
            }
            throw invalid(e.getMessage());
        }
        try {
            return checkClaims(claims, clientId, now);
        } catch (MalformedClaim e) {
            throw invalid("The assertion's claims are malformed: " + e.getMessage() + ".");
        }
    }

    private Verified checkClaims(JsonNode claims, String clientId, Instant now) {
        // RFC 7523 §3 items 1 and 2: iss and sub are the client_id.
        if (!clientId.equals(text(claims, "iss")) || !clientId.equals(text(claims, "sub"))) {
            throw invalid("The assertion's iss and sub must both be the client_id.");
        }
        // RFC 7523 §3 item 3, with draft-ietf-oauth-rfc7523bis: the issuer identifier is the only audience.
        if (!audience(claims).equals(Set.of(issuer))) {
            throw invalid("The assertion's aud must be the issuer " + issuer + ".");
        }
        // RFC 7523 §3 item 4: exp required; and a short life (RFC 9700 §2.3 single use is enforced until then).
        Instant exp = instant(claims, "exp");
        if (exp == null) {
            throw invalid("The assertion must have an exp.");
        }
        if (!now.isBefore(exp.plus(SKEW))) {
            throw invalid("The assertion has expired.");
        }
        Instant iat = instant(claims, "iat");
        Instant start = iat == null ? now : iat;
        if (exp.isAfter(now.plus(MAX_LIFETIME).plus(SKEW))
                || Duration.between(start, exp).compareTo(MAX_LIFETIME) > 0) {
            throw invalid("The assertion lives longer than " + MAX_LIFETIME.toMinutes() + " minutes.");
        }
        // RFC 7523 §3 items 5 and 6: not before nbf, not issued in the future.
        Instant nbf = instant(claims, "nbf");
        if ((nbf != null && nbf.isAfter(now.plus(SKEW))) || (iat != null && iat.isAfter(now.plus(SKEW)))) {
            throw invalid("The assertion is not valid yet (iat or nbf in the future).");
        }
        // RFC 7523 §3 item 7: jti, used once (RFC 9700 §2.3; the caller records it).
        String jti = text(claims, "jti");
        if (jti == null || jti.isEmpty() || jti.length() > MAX_JTI) {
            throw invalid("The assertion must have a jti of 1 to " + MAX_JTI + " characters.");
        }
        return new Verified(jti, exp);
    }

    /** A claim of the wrong JSON type (RFC 7519 §4.1). */
    private static final class MalformedClaim extends RuntimeException {

        MalformedClaim(String claim) {
            super(claim + " has the wrong type", null, false, false);
        }
    }

    /** RFC 7519 §4.1.3: one string, or an array of strings. */
    private static Set<String> audience(JsonNode claims) {
        JsonNode aud = claims.get("aud");
        Set<String> audience = new HashSet<>();
        if (aud != null && aud.isTextual()) {
            audience.add(aud.textValue());
        } else if (aud != null && aud.isArray()) {
            for (JsonNode value : aud) {
                if (!value.isTextual()) {
                    throw new MalformedClaim("aud");
                }
                audience.add(value.textValue());
            }
        } else if (aud != null) {
            throw new MalformedClaim("aud");
        }
        return audience;
    }

    /** The end of year 9999: a later NumericDate is no date, and would overflow the arithmetic on it. */
    private static final long LAST_SECOND = 253_402_300_799L;

    /** RFC 7519 §2 NumericDate: seconds since the epoch, fractions ignored. */
    private static Instant instant(JsonNode claims, String name) {
        JsonNode value = claims.get(name);
        if (value == null) {
            return null;
        }
        if (!value.isNumber() || !value.canConvertToLong() || Math.abs(value.asLong()) > LAST_SECOND) {
            throw new MalformedClaim(name);
        }
        return Instant.ofEpochSecond(value.asLong());
    }

    private static String text(JsonNode claims, String name) {
        JsonNode value = claims.get(name);
        return value != null && value.isTextual() ? value.textValue() : null;
    }

    private static OAuthException invalid(String description) {
        return OAuthException.invalidClient(description);
    }
}
