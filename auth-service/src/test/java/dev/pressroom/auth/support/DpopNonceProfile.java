package dev.pressroom.auth.support;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/** DPoP proofs must carry the server's nonce, and one key may have few proofs recorded at once. */
public class DpopNonceProfile implements QuarkusTestProfile {

    public static final int PROOFS_PER_KEY = 6;

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("auth.dpop.require-nonce", "true", "auth.dpop.proofs-per-key", Integer.toString(PROOFS_PER_KEY));
    }
}
