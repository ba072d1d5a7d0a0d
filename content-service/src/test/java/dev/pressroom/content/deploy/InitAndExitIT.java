package dev.pressroom.content.deploy;

import dev.pressroom.kernel.testing.PackagedJar;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The packaged service started as deploy/base/content-service starts it before a rollout: the migration Job and the
 * wait-for-migrations init container, both with {@code QUARKUS_INIT_AND_EXIT} ({@link PackagedJar#assertRolloutStarts}).
 * The service's own main class (admin commands) must not break it.
 */
class InitAndExitIT {

    @Test
    void startWhenInitAndExitThenMigrationJobAndInitContainerExitZero() {
        String database = System.getProperty("content.init-exit.db", "content_init_exit");
        PackagedJar.assertRolloutStarts(
                database,
                Map.of(
                        "CONTENT_DB_NAME", database,
                        "CONTENT_REDIS_DB", System.getProperty("content.init-exit.redis.db", "9"),
                        "CONTENT_KEY_PEPPER", "init-and-exit-test-pepper",
                        "CONTENT_PUBLIC_URL", "https://api.example.test/",
                        "CONTENT_PORT", "0",
                        "CONTENT_MANAGEMENT_PORT", "0",
                        "QUARKUS_HTTP_HOST", "127.0.0.1",
                        "QUARKUS_MANAGEMENT_HOST", "127.0.0.1"),
                "CONTENT_MIGRATE_AT_START");
    }
}
