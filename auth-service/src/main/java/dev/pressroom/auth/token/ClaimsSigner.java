package dev.pressroom.auth.token;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.auth.keys.JwsAlgorithm;
import dev.pressroom.auth.keys.SigningKey;
import dev.pressroom.auth.keys.SigningKeys;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Signs a JWT's claims with the active key of an algorithm, its kid in the header: the one path of the tokens this
 * server signs (ID tokens, logout tokens).
 */
@ApplicationScoped
public class ClaimsSigner {

    private final Function<JwsAlgorithm, Optional<SigningKey>> activeKey;
    private final ObjectMapper json;
    private final Jws jws;

    @Inject
    public ClaimsSigner(SigningKeys keys, ObjectMapper json, RsaSigner signer) {
        this(keys::active, json, signer);
    }

    /** @param activeKey the key that signs an algorithm now ({@link SigningKeys#active}), asked for every token */
    public ClaimsSigner(Function<JwsAlgorithm, Optional<SigningKey>> activeKey, ObjectMapper json, RsaSigner signer) {
        this.activeKey = activeKey;
        this.json = json;
        this.jws = new Jws(signer);
    }

    /**
     * The compact JWS of {@code claims}, signed with {@code alg}'s active key.
     *
     * @param typ the JWT's media type (RFC 7515 §4.1.9), e.g. {@code JWT} or {@code logout+jwt}
     */
    public String sign(JwsAlgorithm alg, Map<String, Object> claims, String typ) {
        // Registration refuses an algorithm without a key; one whose key file was removed since fails loudly.
        SigningKey key = activeKey
                .apply(alg)
                .orElseThrow(() -> new IllegalStateException("No " + alg + " signing key in AUTH_KEYS_DIR"));
        try {
            return jws.sign(key, json.writeValueAsBytes(claims), typ);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Cannot serialise the " + typ + " claims", e);
        }
    }
}
