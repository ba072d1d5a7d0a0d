package dev.pressroom.auth.validate;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.auth.jose.PublicJwk;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The public keys a client signs its assertions with (RFC 7517 JWK Set, from {@code jwks} or {@code jwks_uri}):
 * RSA of 2048 to 8192 bits or EC P-256, public parts only, for signing, read as {@link PublicJwk} reads every key.
 * Checked the same way at registration and at each fetch of a jwks_uri, since that document can change after
 * registration.
 */
public final class JwkSets {

    /** More keys than a client needs for a rotation; bounds the work of one lookup. */
    public static final int MAX_KEYS = 10;

    /** Duplicate members are ambiguous; a set with one is refused as JWS headers with one are. */
    private static final ObjectMapper JSON = new ObjectMapper(JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build());

    private JwkSets() {}

    /** The usable keys of a JWK Set document, or why it is refused. */
    public static Parsed parse(String json) {
        JsonNode keys;
        try {
            keys = JSON.readTree(json).get("keys");
        } catch (IOException | RuntimeException e) {
            keys = null;
        }
        if (keys == null || !keys.isArray()) {
            return refused("is not a JWK Set (RFC 7517 §5)");
        }
        if (keys.isEmpty() || keys.size() > MAX_KEYS) {
            return refused("must hold 1 to " + MAX_KEYS + " keys");
        }
        List<PublicJwk> read = new ArrayList<>();
        for (JsonNode key : keys) {
            PublicJwk jwk;
            try {
                jwk = PublicJwk.read(key);
            } catch (PublicJwk.Invalid e) {
                return refused("has an unusable key (it " + e.getMessage() + ")");
            }
            // Client assertions are RS256, PS256 or ES256 (AssertionRules.ALGORITHMS): no Ed25519 key signs one.
            if (jwk.kty().equals("OKP")) {
                return refused("may hold RSA keys of 2048 to 8192 bits and EC P-256 keys only");
            }
            read.add(jwk);
        }
        return new Parsed(List.copyOf(read), Optional.empty());
    }

    private static Parsed refused(String problem) {
        return new Parsed(List.of(), Optional.of(problem));
    }

    /** The keys, empty with a reason when the document is refused. */
    public record Parsed(List<PublicJwk> keys, Optional<String> problem) {}
}
