package dev.pressroom.auth.support;

import dev.pressroom.auth.config.AuthConfig;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.util.HashMap;
import java.util.Map;

/** AuthConfig for plain unit tests: the mapping's own defaults, the keys it requires, and the test's overrides. */
public final class TestConfig {

    private TestConfig() {}

    public static AuthConfig auth(Map<String, String> overrides) {
        Map<String, String> properties = new HashMap<>(Map.of(
                "auth.issuer", TestHints.ISSUER,
                "auth.keys-dir", "/nonexistent",
                "auth.db.name", "unused",
                "auth.redis.db", "0"));
        properties.putAll(overrides);
        return new SmallRyeConfigBuilder()
                .withSources(new PropertiesConfigSource(properties, "test", 300))
                .withMapping(AuthConfig.class)
                .build()
                .getConfigMapping(AuthConfig.class);
    }
}
