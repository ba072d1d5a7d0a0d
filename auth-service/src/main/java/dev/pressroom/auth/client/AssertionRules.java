package dev.pressroom.auth.client;

import dev.pressroom.auth.error.OAuthException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.jose4j.jwa.AlgorithmConstraints;
import org.jose4j.jwk.EllipticCurveJsonWebKey;
import org.jose4j.jwk.JsonWebKey;
import org.jose4j.jwk.RsaJsonWebKey;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.MalformedClaimException;
import org.jose4j.jwt.NumericDate;
import org.jose4j.jwt.consumer.InvalidJwtException;
import org.jose4j.lang.JoseException;

/**
 * The checks of a private_key_jwt client assertion (RFC 7523 §3, OIDC Core §9, RFC 9700 §2.3), all but the
 * single use of its jti, which needs Redis ({@link ClientAssertions}). Plain Java over the client's public keys.
 *
 * <p>The audience must be our issuer identifier, alone: the token endpoint URL, which OIDC Core §9 suggests, is
 * refused, as draft-ietf-oauth-rfc7523bis and FAPI 2.0 require since an assertion made for an endpoint URL that a
 * malicious server advertised as its own could be replayed here.
 */
public final class AssertionRules {

    /** RFC 7518: RSA PKCS#1, RSA-PSS and ECDSA P-256. Never none, never a shared-secret HMAC. */
    public static final List<String> ALGORITHMS = List.of(
            AlgorithmIdentifiers.RSA_USING_SHA256,
            AlgorithmIdentifiers.RSA_PSS_USING_SHA256,
            AlgorithmIdentifiers.ECDSA_USING_P256_CURVE_AND_SHA256);

    /** The longest life an assertion may have: it authenticates one request, made right after it is signed. */
    public static final Duration MAX_LIFETIME = Duration.ofMinutes(5);

    /** Clock difference tolerated between the client and us. */
    public static final Duration SKEW = Duration.ofSeconds(30);

    static final int MAX_JTI = 256;

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
    public Verified verify(String assertion, String clientId, List<JsonWebKey> keys, Instant now) {
        JsonWebSignature jws = parse(assertion);
        String alg = jws.getAlgorithmHeaderValue();
        if (!ALGORITHMS.contains(alg)) {
            throw invalid("The assertion's alg must be one of " + ALGORITHMS + ".");
        }
        List<JsonWebKey> candidates = keys.stream()
                .filter(key -> jws.getKeyIdHeaderValue() == null
                        || jws.getKeyIdHeaderValue().equals(key.getKeyId()))
                .filter(key -> fits(key, alg))
                .toList();
        if (candidates.isEmpty()) {
            throw new UnknownKey();
        }
        if (candidates.stream().noneMatch(key -> signatureVerifies(jws, key, alg))) {
            throw invalid("The assertion's signature does not verify.");
        }
        try {
            return checkClaims(JwtClaims.parse(jws.getUnverifiedPayload()), clientId, now);
        } catch (InvalidJwtException | MalformedClaimException e) {
            throw invalid("The assertion's claims are malformed.");
        }
    }

    private Verified checkClaims(JwtClaims claims, String clientId, Instant now) throws MalformedClaimException {
        // RFC 7523 §3 items 1 and 2: iss and sub are the client_id.
        if (!clientId.equals(claims.getIssuer()) || !clientId.equals(claims.getSubject())) {
            throw invalid("The assertion's iss and sub must both be the client_id.");
        }
        // RFC 7523 §3 item 3, with draft-ietf-oauth-rfc7523bis: the issuer identifier is the only audience.
        List<String> audience = claims.getAudience();
        if (audience == null || audience.isEmpty() || !Set.copyOf(audience).equals(Set.of(issuer))) {
            throw invalid("The assertion's aud must be the issuer " + issuer + ".");
        }
        // RFC 7523 §3 item 4: exp required; and a short life (RFC 9700 §2.3 single use is enforced until then).
        Instant exp = instant(claims.getExpirationTime());
        if (exp == null) {
            throw invalid("The assertion must have an exp.");
        }
        if (!now.isBefore(exp.plus(SKEW))) {
            throw invalid("The assertion has expired.");
        }
        Instant iat = instant(claims.getIssuedAt());
        Instant start = iat == null ? now : iat;
        if (exp.isAfter(now.plus(MAX_LIFETIME).plus(SKEW))
                || Duration.between(start, exp).compareTo(MAX_LIFETIME) > 0) {
            throw invalid("The assertion lives longer than " + MAX_LIFETIME.toMinutes() + " minutes.");
        }
        // RFC 7523 §3 items 5 and 6: not before nbf, not issued in the future.
        Instant nbf = instant(claims.getNotBefore());
        if ((nbf != null && nbf.isAfter(now.plus(SKEW))) || (iat != null && iat.isAfter(now.plus(SKEW)))) {
            throw invalid("The assertion is not valid yet (iat or nbf in the future).");
        }
        // RFC 7523 §3 item 7: jti, used once (RFC 9700 §2.3; the caller records it).
        String jti = claims.getJwtId();
        if (jti == null || jti.isEmpty() || jti.length() > MAX_JTI) {
            throw invalid("The assertion must have a jti of 1 to " + MAX_JTI + " characters.");
        }
        return new Verified(jti, exp);
    }

    private static JsonWebSignature parse(String assertion) {
        try {
            JsonWebSignature jws = new JsonWebSignature();
            jws.setCompactSerialization(assertion);
            return jws;
        } catch (JoseException e) {
            throw invalid("client_assertion is not a signed JWT.");
        }
    }

    private static boolean fits(JsonWebKey key, String alg) {
        return alg.startsWith("ES") ? key instanceof EllipticCurveJsonWebKey : key instanceof RsaJsonWebKey;
    }

    private static boolean signatureVerifies(JsonWebSignature jws, JsonWebKey key, String alg) {
        try {
            jws.setAlgorithmConstraints(new AlgorithmConstraints(AlgorithmConstraints.ConstraintType.PERMIT, alg));
            jws.setKey(key.getKey());
            return jws.verifySignature();
        } catch (JoseException e) {
            return false;
        }
    }

    private static Instant instant(NumericDate date) {
        return date == null ? null : Instant.ofEpochSecond(date.getValue());
    }

    private static OAuthException invalid(String description) {
        return OAuthException.invalidClient(description);
    }
}
