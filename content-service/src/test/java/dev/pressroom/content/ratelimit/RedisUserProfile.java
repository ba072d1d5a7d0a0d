package dev.pressroom.content.ratelimit;

import dev.pressroom.kernel.testing.RedisServers;
import java.util.HashMap;
import java.util.Map;

/**
 * The low limits, counted in a Redis of the test's own that has exactly the deployment's ACL users, the service
 * signed in as its user `content-service`.
 */
public class RedisUserProfile extends LowLimitsProfile {

    static final String PASSWORD = "content-service-test-password";
    /** The default user's, as in redis-auth: the administrator's. */
    static final String ADMIN_PASSWORD = "administrator-test-password";

    private static final String PORT = "pressroom.test.content-redis-user.port";

    @Override
    public Map<String, String> getConfigOverrides() {
        Map<String, String> overrides = new HashMap<>(super.getConfigOverrides());
        overrides.putAll(Map.of(
                "REDIS_HOST",
                "127.0.0.1",
                "REDIS_PORT",
                Integer.toString(port()),
                "REDIS_USER",
                "content-service",
                "REDIS_PASSWORD",
                PASSWORD));
        return overrides;
    }

    /** The server's port; it is started once per JVM (the profile and the test share system properties). */
    static synchronized int port() {
        String started = System.getProperty(PORT);
        if (started == null) {
            started = Integer.toString(RedisServers.startWithDeployedUsers(
                    "content-acl",
                    Map.of(
                            "REDIS_PASSWORD",
                            ADMIN_PASSWORD,
                            "CONTENT_REDIS_PASSWORD",
                            PASSWORD,
                            "AUTH_REDIS_PASSWORD",
                            "unused-" + PASSWORD)));
            System.setProperty(PORT, started);
        }
        return Integer.parseInt(started);
    }
}
