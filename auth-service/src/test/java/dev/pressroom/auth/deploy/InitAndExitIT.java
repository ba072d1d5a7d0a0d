package dev.pressroom.auth.deploy;

import dev.pressroom.kernel.testing.PackagedJar;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPairGenerator;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The packaged service started as deploy/base/auth-service starts it before a rollout: the migration Job and the
 * wait-for-migrations init container, both with {@code QUARKUS_INIT_AND_EXIT} ({@link PackagedJar#assertRolloutStarts}).
 */
class InitAndExitIT {

    @Test
    void startWhenInitAndExitThenMigrationJobAndInitContainerExitZero() throws Exception {
        String database = System.getProperty("auth.init-exit.db", "auth_init_exit");
        Path keys = Files.createTempDirectory("init-exit-keys");
        KeyPairGenerator rsa = KeyPairGenerator.getInstance("RSA");
        rsa.initialize(2048);
        Files.writeString(
                keys.resolve("init-1.pem"),
                "-----BEGIN PRIVATE KEY-----\n"
                        + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                                .encodeToString(
                                        rsa.generateKeyPair().getPrivate().getEncoded())
                        + "\n-----END PRIVATE KEY-----\n");
        PackagedJar.assertRolloutStarts(
                database,
                Map.of(
                        "AUTH_DB_NAME", database,
                        "AUTH_REDIS_DB", System.getProperty("auth.init-exit.redis.db", "10"),
                        "AUTH_PORT", "0",
                        "AUTH_ADMIN_PORT", "0",
                        "QUARKUS_HTTP_HOST", "127.0.0.1",
                        "QUARKUS_MANAGEMENT_HOST", "127.0.0.1",
                        "AUTH_ISSUER", "https://accounts.example.test",
                        "AUTH_ADMIN_TOKEN", "init-and-exit-test-admin-token",
                        "AUTH_KEYS_DIR", keys.toString()),
                "AUTH_MIGRATE_AT_START");
    }
}
