package dev.pressroom.auth.support;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * The tests stand in for the ingress: 127.0.0.1 is the one trusted proxy (TRUSTED_PROXIES), so a test chooses
 * each request's client address with X-Forwarded-For; a peer at another loopback address (127.0.0.2) is an untrusted
 * client.
 */
public class TrustedProxyProfile implements QuarkusTestProfile {

    public static final String TRUSTED_PROXY = "127.0.0.1";

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("quarkus.http.proxy.trusted-proxies", TRUSTED_PROXY);
    }
}
