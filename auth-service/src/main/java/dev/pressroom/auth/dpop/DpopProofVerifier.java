package dev.pressroom.auth.dpop;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.kernel.id.Tokens;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.function.Predicate;

/**
 * The checks of RFC 9449 §4.3 on the DPoP header of one request, in plain Java: one header, a compact JWS whose
 * {@code typ} is {@code dpop+jwt}, an allowed asymmetric {@code alg} (never {@code none} or a MAC), a public
 * {@code jwk} that verifies the signature, {@code htm} and {@code htu} naming this request, {@code iat} within the
 * window, {@code ath} the hash of the access token presented with it, and the server's nonce when it asks for one. The
 * replay check ({@code jti}, §11.1) is the caller's, once the proof is otherwise good.
 */
public final class DpopProofVerifier {

    /** The {@code dpop_signing_alg_values_supported} of discovery (RFC 9449 §5.1), in order of preference. */
    public static final List<String> ALGORITHMS = List.of("ES256", "PS256", "RS256", "EdDSA");

    /** An 8192-bit RSA key and its signature fit in 6 KiB; a longer header is no proof worth parsing. */
    static final int MAX_LENGTH = 8192;

    /** jti is a random identifier (RFC 9449 §4.2 asks for 96 bits); 256 characters is room for any encoding. */
    static final int MAX_JTI_LENGTH = 256;

    private static final String TYPE = "dpop+jwt";

    /** Duplicate members are ambiguous (RFC 7515 §4 asks to refuse them or take the last; we refuse). */
    private final ObjectMapper json = new ObjectMapper(JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .streamReadConstraints(
                    StreamReadConstraints.builder().maxNestingDepth(4).build())
            .build());

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
        String proof = headers.get(0);
        if (proof == null || proof.length() > MAX_LENGTH) {
            throw DpopRefused.invalid("The DPoP proof is too long.");
        }
        // Check 2: a single well-formed JWT.
        String[] parts = proof.strip().split("\\.", -1);
        if (parts.length != 3) {
            throw DpopRefused.invalid("The DPoP proof is not a signed JWT.");
        }
        JsonNode header = object(parts[0]);
        JsonNode claims = object(parts[1]);
        // Checks 4 and 5: typ, and an allowed asymmetric alg.
        if (!TYPE.equals(text(header, "typ"))) {
            throw DpopRefused.invalid("The DPoP proof's typ must be dpop+jwt.");
        }
        String alg = text(header, "alg");
        if (!ALGORITHMS.contains(alg)) {
            throw DpopRefused.invalid("The DPoP proof's alg must be one of " + String.join(", ", ALGORITHMS) + ".");
        }
        // RFC 7515 §4.1.11: no extension is understood here, so none may be critical.
        if (header.has("crit")) {
            throw DpopRefused.invalid("The DPoP proof names a critical extension this server does not support.");
        }
        // Checks 6 and 7: the signature verifies with the jwk header, a public key.
        ProofKey key = ProofKey.read(header.get("jwk"), alg);
        if (!signed(alg, key.key(), parts[0] + "." + parts[1], decode(parts[2]))) {
            throw DpopRefused.invalid("The DPoP proof's signature does not verify with its jwk.");
        }
        // Check 3: the claims; checks 8 and 9: this request's method and URI.
        String jti = text(claims, "jti");
        if (jti == null || jti.isEmpty() || jti.length() > MAX_JTI_LENGTH) {
            throw DpopRefused.invalid("The DPoP proof needs a jti of 1 to " + MAX_JTI_LENGTH + " characters.");
        }
        if (!method.equals(text(claims, "htm"))) {
            throw DpopRefused.invalid("The DPoP proof's htm is not this request's method.");
        }
        String htu = text(claims, "htu");
        if (htu == null || !TargetUri.matches(htu, target)) {
            throw DpopRefused.invalid("The DPoP proof's htu is not this request's URI.");
        }
        // Check 10 (RFC 9449 §8, §9): the nonce this server gave out, when it asks for one.
        if (nonceAccepted != null) {
            String nonce = text(claims, "nonce");
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
        if (accessToken != null && !Tokens.constantTimeEquals(Tokens.sha256(accessToken), text(claims, "ath"))) {
            throw DpopRefused.invalid("The DPoP proof's ath is not the hash of the access token.");
        }
        return new DpopProof(key.thumbprint(), jti);
    }

    private static boolean signed(String alg, PublicKey key, String signingInput, byte[] signature) {
        try {
            Signature verifier;
            switch (alg) {
                case "ES256" -> {
                    // RFC 7518 §3.4: R || S, 32 bytes each, not DER; the P1363 format reads exactly that.
                    if (signature.length != 64) {
                        return false;
                    }
                    verifier = Signature.getInstance("SHA256withECDSAinP1363Format");
                }
                case "RS256" -> verifier = Signature.getInstance("SHA256withRSA");
                case "PS256" -> {
                    // RFC 7518 §3.5: SHA-256, MGF1 with SHA-256, a salt as long as the hash.
                    verifier = Signature.getInstance("RSASSA-PSS");
                    verifier.setParameter(new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, 1));
                }
                default -> verifier = Signature.getInstance("Ed25519");
            }
            verifier.initVerify(key);
            verifier.update(signingInput.getBytes(StandardCharsets.US_ASCII));
            return verifier.verify(signature);
        } catch (GeneralSecurityException e) {
            return false;
        }
    }

    private JsonNode object(String part) {
        JsonNode node;
        try {
            node = json.readTree(decode(part));
        } catch (IOException e) {
            throw DpopRefused.invalid("The DPoP proof's header or claims are not JSON.");
        }
        if (node == null || !node.isObject()) {
            throw DpopRefused.invalid("The DPoP proof's header and claims must be JSON objects.");
        }
        return node;
    }

    private static byte[] decode(String part) {
        if (!part.matches("[A-Za-z0-9_-]*")) {
            throw DpopRefused.invalid("The DPoP proof is not base64url.");
        }
        try {
            return Base64.getUrlDecoder().decode(part);
        } catch (IllegalArgumentException e) {
            throw DpopRefused.invalid("The DPoP proof is not base64url.");
        }
    }

    /** A string member, or null when absent or of another type. */
    private static String text(JsonNode node, String member) {
        JsonNode value = node.get(member);
        return value != null && value.isTextual() ? value.asText() : null;
    }
}
