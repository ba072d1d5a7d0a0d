package dev.pressroom.auth.support;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * Small limits of what unauthenticated visitors (and clients pushing authorization requests) may leave in Redis per
 * client address, to show they hold; 127.0.0.1 is
 * a trusted proxy, so each test chooses its own client address (TrustedProxyProfile).
 */
public class PendingLimitProfile implements QuarkusTestProfile {

    public static final int LIMIT = 5;
    public static final int PASSKEY_OPTIONS_PER_MINUTE = 30;

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "quarkus.http.proxy.trusted-proxies",
                TrustedProxyProfile.TRUSTED_PROXY,
                "auth.limits.pending-requests-per-address",
                Integer.toString(LIMIT),
                "auth.limits.passkey-options-per-minute",
                Integer.toString(PASSKEY_OPTIONS_PER_MINUTE),
                "auth.limits.pushed-requests-per-minute",
                Integer.toString(LIMIT));
    }
}
