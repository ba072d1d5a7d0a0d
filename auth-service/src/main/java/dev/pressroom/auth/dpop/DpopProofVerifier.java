package dev.pressroom.auth.dpop;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pressroom.auth.jose.JwsRefused;
import dev.pressroom.auth.jose.JwsVerifier;
import dev.pressroom.kernel.id.Tokens;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;

/**
 * The checks of RFC 9449 §4.3 on the DPoP header of one request, in plain Java: one header, a compact JWS whose
 * {@code typ} is {@code dpop+jwt}, an allowed asymmetric {@code alg} (never {@code none} or a MAC), a public
 * {@code jwk} that verifies the signature, {@code htm} and {@code htu} naming this request, {@code iat} within the
 * window, {@code ath} the hash of the access token presented with it, and the server's nonce when it asks for one. The
 * JWS itself is checked by {@link JwsVerifier}, as every JWS this service receives. The replay check ({@code jti},
 * §11.1) is the caller's, once the proof is otherwise good.
 */
public final class DpopProofVerifier {

    /** The {@code dpop_signing_alg_values_supported} of discovery (RFC 9449 §5.1), in order of preference. */
    public static final List<String> ALGORITHMS = List.of("ES256", "PS256", "RS256", "EdDSA");

    /** An 8192-bit RSA key and its signature fit in 6 KiB; a longer header is no proof worth parsing. */
    static final int MAX_LENGTH = 8192;

    /** jti is a random identifier (RFC 9449 §4.2 asks for 96 bits); 256 characters is room for any encoding. */
    static final int MAX_JTI_LENGTH = 256;

    /** RFC 9449 §4.2: the proof's typ; no other JWT of ours or the client's may pass for one. */
    private static final JwsVerifier JWS =
            new JwsVerifier("The DPoP proof", ALGORITHMS, JwsVerifier.Types.required("dpop+jwt"), MAX_LENGTH);

    private final Clock clock;
    private final long windowSeconds;

    /** @param window how far {@code iat} may lie from now, either way (RFC 9449 §4.3 check 11, §11.1) */
    public DpopProofVerifier(Clock clock, Duration window) {
        this.clock = clock;
        this.windowSeconds = window.toSeconds();
    }

    /**
     * Verifies the proof of one request.
     *
     * @param headers the value of every DPoP header of the request
     * @param method the request's method
     * @param target the request's URI as this server publishes it (the issuer's, not the Host header's)
     * @param accessToken the access token the request presents (its hash must be {@code ath}); null at the token endpoint
     * @param nonceAccepted whether a {@code nonce} is one this server gave out; null when it asks for none
     * @throws DpopRefused invalid_dpop_proof, or use_dpop_nonce when only the nonce is missing or stale
     */
    public DpopProof verify(
            List<String> headers, String method, String target, String accessToken, Predicate<String> nonceAccepted) {
        // RFC 9449 §4.3 check 1: not more than one DPoP header.
        if (headers == null || headers.isEmpty()) {
            throw DpopRefused.invalid("A DPoP proof is required.");
        }
        if (headers.size() > 1) {
            throw DpopRefused.invalid("Send exactly one DPoP header.");
        }
        // Checks 2 and 4 to 7: a well-formed JWS, typ, an allowed asymmetric alg, signed by its public jwk.
        JwsVerifier.Verified jws;
        try {
            jws = JWS.verifyWithHeaderKey(
                    headers.get(0) == null ? null : headers.get(0).strip());
        } catch (JwsRefused e) {
            throw DpopRefused.invalid(e.getMessage());
        }
        JsonNode claims = jws.claims();
        // Check 3: the claims; checks 8 and 9: this request's method and URI.
        String jti = jws.claim("jti");
        if (jti == null || jti.isEmpty() || jti.length() > MAX_JTI_LENGTH) {
            throw DpopRefused.invalid("The DPoP proof needs a jti of 1 to " + MAX_JTI_LENGTH + " characters.");
        }
        if (!method.equals(jws.claim("htm"))) {
            throw DpopRefused.invalid("The DPoP proof's htm is not this request's method.");
        }
        String htu = jws.claim("htu");
        if (htu == null || !TargetUri.matches(htu, target)) {
            throw DpopRefused.invalid("The DPoP proof's htu is not this request's URI.");
        }
        // Check 10 (RFC 9449 §8, §9): the nonce this server gave out, when it asks for one.
        if (nonceAccepted != null) {
            String nonce = jws.claim("nonce");
            if (nonce == null || !nonceAccepted.test(nonce)) {
                throw new DpopRefused(DpopRefused.Code.USE_DPOP_NONCE, "Use the DPoP-Nonce this server provides.");
            }
        }
        // Check 11: created within the window, either way (clocks differ).
        JsonNode iat = claims.get("iat");
        long now = clock.instant().getEpochSecond();
        if (iat == null || !iat.isNumber() || Math.abs(iat.asLong() - now) > windowSeconds) {
            throw DpopRefused.invalid("The DPoP proof's iat is missing or not within " + windowSeconds + " s of now.");
        }
        // Check 12 (RFC 9449 §4.2, §7): at a resource, the proof names the access token it comes with.
        if (accessToken != null && !Tokens.constantTimeEquals(Tokens.sha256(accessToken), jws.claim("ath"))) {
            throw DpopRefused.invalid("The DPoP proof's ath is not the hash of the access token.");
        }
        return new DpopProof(jws.key().thumbprint(), jti);
    }
}
