package dev.pressroom.auth.support;

import dev.pressroom.kernel.testing.RedisServers;
import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * auth-service signed in to a Redis of its own as the ACL user `auth-service`, with exactly the users and rules
 * the deployment gives Redis.
 */
public class RedisAclProfile implements QuarkusTestProfile {

    public static final String AUTH_PASSWORD = "auth-service-test-password";
    public static final String CONTENT_PASSWORD = "content-service-test-password";
    /** The default user's, as in redis-auth: the administrator's. */
    public static final String ADMIN_PASSWORD = "administrator-test-password";

    private static final String PORT = "pressroom.test.redis-acl.port";

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "REDIS_HOST",
                "127.0.0.1",
                "REDIS_PORT",
                Integer.toString(port()),
                "REDIS_USER",
                "auth-service",
                "REDIS_PASSWORD",
                AUTH_PASSWORD);
    }

    /** The server's port; it is started once per JVM (the profile and the test share system properties). */
    public static synchronized int port() {
        String started = System.getProperty(PORT);
        if (started == null) {
            started = Integer.toString(RedisServers.startWithDeployedUsers(
                    "acl",
                    Map.of(
                            "REDIS_PASSWORD",
                            ADMIN_PASSWORD,
                            "AUTH_REDIS_PASSWORD",
                            AUTH_PASSWORD,
                            "CONTENT_REDIS_PASSWORD",
                            CONTENT_PASSWORD)));
            System.setProperty(PORT, started);
        }
        return Integer.parseInt(started);
    }
}
