package dev.pressroom.auth.jose;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The one way this service verifies a JWS (RFC 7515) that someone else signed: client assertions (RFC 7523), DPoP
 * proofs (RFC 9449) and id_token_hints. Compact serialization only, of bounded length; an {@code alg} from the
 * caller's allow-list of asymmetric algorithms, so {@code none} and the HMACs, whose "key" an attacker could take
 * from our own public key, are never accepted (RFC 8725 §3.1, §3.2); the {@code typ} the caller expects (RFC 8725
 * §3.11); no {@code crit} extension, since none is understood here (RFC 7515 §4.1.11); and a key of the alg's type,
 * read from a JWK. Plain JDK signatures: ES256 in the R || S form of RFC 7518 §3.4, never DER.
 */
public final class JwsVerifier {

    /** Every algorithm a caller may allow: RFC 7518 §3.3, §3.5, §3.4 and RFC 8037 §3.1. */
    public static final Set<String> SUPPORTED = Set.of("RS256", "PS256", "ES256", "EdDSA");

    /** A header with an 8192-bit RSA jwk is under 2 KiB of base64url; twice that is no header worth parsing. */
    static final int MAX_HEADER_LENGTH = 4096;

    /** RFC 7518 §3.5: SHA-256, MGF1 with SHA-256, a salt as long as the hash. */
    private static final PSSParameterSpec PS256 =
            new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, 1);

    /** Duplicate members are ambiguous (RFC 7515 §4 asks to refuse them or take the last; we refuse). */
    private static final ObjectMapper JSON = new ObjectMapper(JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .streamReadConstraints(
                    StreamReadConstraints.builder().maxNestingDepth(8).build())
            .build());

    /**
     * The {@code typ} values accepted (compared as RFC 7515 §4.1.9 says: without case, "application/" optional), and
     * whether a JWS without one is accepted too.
     */
    public record Types(Set<String> values, boolean optional) {

        public static Types required(String value) {
            return new Types(Set.of(value.toLowerCase(Locale.ROOT)), false);
        }

        public static Types optional(String... values) {
            return new Types(
                    Set.of(List.of(values).stream()
                            .map(v -> v.toLowerCase(Locale.ROOT))
                            .toArray(String[]::new)),
                    true);
        }

        boolean accept(String typ) {
            if (typ == null) {
                return optional;
            }
            String type = typ.toLowerCase(Locale.ROOT);
            return values.contains(type.startsWith("application/") ? type.substring("application/".length()) : type);
        }
    }

    /** A JWS whose signature verified: its header, its claims (a JSON object) and the key that verified it. */
    public record Verified(JsonNode header, JsonNode claims, PublicJwk key) {

        /** A string member of the claims, or null when absent or of another type. */
        public String claim(String name) {
            return text(claims, name);
        }
    }

    // Private and read once, right after parsing: the arrays are never shared, so no copy is needed.
    @SuppressWarnings("ArrayRecordComponent")
    private record Parsed(JsonNode header, JsonNode claims, String alg, byte[] signingInput, byte[] signature) {}

    private final String name;
    private final List<String> algorithms;
    private final Types types;
    private final int maxLength;

    /**
     * @param name what the JWS is called in refusals, such as "The DPoP proof" or "client_assertion"
     * @param algorithms the algorithms accepted, a subset of {@link #SUPPORTED}
     * @param maxLength the longest compact serialization read, in characters
     */
    public JwsVerifier(String name, List<String> algorithms, Types types, int maxLength) {
        if (!SUPPORTED.containsAll(algorithms) || algorithms.isEmpty()) {
            throw new IllegalArgumentException("Unsupported JWS algorithms " + algorithms);
        }
        this.name = name;
        this.algorithms = List.copyOf(algorithms);
        this.types = types;
        this.maxLength = maxLength;
    }

    /**
     * Verifies a JWS signed by one of a JWK Set's keys: the one its {@code kid} names, or without a kid any of the
     * alg's type.
     *
     * @throws JwsRefused {@link JwsRefused.Reason#NO_KEY} when no key fits, so the caller may fetch the set again
     */
    public Verified verify(String compact, List<PublicJwk> keys) {
        Parsed jws = parse(compact);
        JsonNode kidNode = jws.header().get("kid");
        if (kidNode != null && !kidNode.isTextual()) {
            throw malformed("its kid is not a string");
        }
        String kid = kidNode == null ? null : kidNode.textValue();
        List<PublicJwk> candidates = keys.stream()
                .filter(key -> kid == null || kid.equals(key.kid()))
                .filter(key -> key.fits(jws.alg()))
                .toList();
        if (candidates.isEmpty()) {
            throw new JwsRefused(
                    JwsRefused.Reason.NO_KEY, "No known key matches " + name + "'s kid and alg " + jws.alg() + ".");
        }
        for (PublicJwk key : candidates) {
            if (signatureVerifies(jws, key.key())) {
                return new Verified(jws.header(), jws.claims(), key);
            }
        }
        throw signatureRefused();
    }

    /** Verifies a JWS signed by the key of its own {@code jwk} header, as a DPoP proof is (RFC 9449 §4.2). */
    public Verified verifyWithHeaderKey(String compact) {
        Parsed jws = parse(compact);
        PublicJwk key;
        try {
            key = PublicJwk.read(jws.header().get("jwk"));
        } catch (PublicJwk.Invalid e) {
            throw new JwsRefused(JwsRefused.Reason.KEY, name + "'s jwk header " + e.getMessage() + ".");
        }
        if (!key.fits(jws.alg())) {
            throw new JwsRefused(JwsRefused.Reason.KEY, name + "'s jwk header is not a key for " + jws.alg() + ".");
        }
        if (!signatureVerifies(jws, key.key())) {
            throw signatureRefused();
        }
        return new Verified(jws.header(), jws.claims(), key);
    }

    /** The checks that need no key: form, size, alg, typ and crit. */
    private Parsed parse(String compact) {
        if (compact == null || compact.length() > maxLength) {
            throw new JwsRefused(JwsRefused.Reason.MALFORMED, name + " is too long.");
        }
        // RFC 7515 §7.1: three base64url segments; JWE (five) and the JSON serialization are not read here.
        int first = compact.indexOf('.');
        int second = first < 0 ? -1 : compact.indexOf('.', first + 1);
        if (second < 0 || compact.indexOf('.', second + 1) >= 0) {
            throw malformed("it is not three dot-separated segments");
        }
        if (first > MAX_HEADER_LENGTH) {
            throw new JwsRefused(JwsRefused.Reason.MALFORMED, name + "'s header is too long.");
        }
        JsonNode header = object(compact.substring(0, first), "header");
        JsonNode claims = object(compact.substring(first + 1, second), "claims");
        byte[] signature = Base64Url.decode(compact.substring(second + 1));
        if (signature == null) {
            throw malformed("its signature is not base64url");
        }
        String alg = text(header, "alg");
        if (alg == null || !algorithms.contains(alg)) {
            throw new JwsRefused(
                    JwsRefused.Reason.ALGORITHM,
                    name + "'s alg must be one of " + String.join(", ", algorithms) + " (never none or an HMAC).");
        }
        JsonNode typ = header.get("typ");
        if ((typ != null && !typ.isTextual()) || !types.accept(typ == null ? null : typ.textValue())) {
            throw new JwsRefused(
                    JwsRefused.Reason.TYPE, name + "'s typ must be " + String.join(" or ", types.values()) + ".");
        }
        if (header.has("crit")) {
            throw new JwsRefused(
                    JwsRefused.Reason.CRITICAL, name + " names a critical extension this server does not support.");
        }
        byte[] signingInput = compact.substring(0, second).getBytes(StandardCharsets.US_ASCII);
        return new Parsed(header, claims, alg, signingInput, signature);
    }

    private JsonNode object(String segment, String what) {
        byte[] octets = Base64Url.decode(segment);
        if (octets == null) {
            throw malformed("its " + what + " is not base64url");
        }
        JsonNode node;
        try {
            node = JSON.readTree(octets);
        } catch (IOException e) {
            throw malformed("its " + what + " is not JSON (or repeats a member)");
        }
        if (node == null || !node.isObject()) {
            throw malformed("its " + what + " is not a JSON object");
        }
        return node;
    }

    private static boolean signatureVerifies(Parsed jws, PublicKey key) {
        try {
            Signature verifier = switch (jws.alg()) {
                case "ES256" -> {
                    // RFC 7518 §3.4: R || S, 32 octets each, not DER; the P1363 format reads exactly that.
                    if (jws.signature().length != 64) {
                        yield null;
                    }
                    yield Signature.getInstance("SHA256withECDSAinP1363Format");
                }
                case "RS256" -> Signature.getInstance("SHA256withRSA");
                case "PS256" -> {
                    Signature pss = Signature.getInstance("RSASSA-PSS");
                    pss.setParameter(PS256);
                    yield pss;
                }
                default -> Signature.getInstance("Ed25519");
            };
            if (verifier == null) {
                return false;
            }
            verifier.initVerify(key);
            verifier.update(jws.signingInput());
            return verifier.verify(jws.signature());
        } catch (GeneralSecurityException e) {
            return false;
        }
    }

    private JwsRefused malformed(String detail) {
        return new JwsRefused(JwsRefused.Reason.MALFORMED, name + " is not a signed JWT: " + detail + ".");
    }

    private JwsRefused signatureRefused() {
        return new JwsRefused(JwsRefused.Reason.SIGNATURE, name + "'s signature does not verify.");
    }

    private static String text(JsonNode node, String member) {
        JsonNode value = node.get(member);
        return value != null && value.isTextual() ? value.textValue() : null;
    }
}
