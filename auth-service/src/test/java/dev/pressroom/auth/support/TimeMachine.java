package dev.pressroom.auth.support;

import io.quarkus.redis.datasource.RedisDataSource;
import io.vertx.mutiny.redis.client.Response;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;

/**
 * Moves the service's clock and Redis's together: the clock forward, and every key of the test database as if
 * that time had passed (its TTL shortened, deleted once run out). A test can then show what 40 days of use does to
 * data that Redis expires on its own clock.
 */
@ApplicationScoped
public class TimeMachine {

    private final TestClock clock;
    private final RedisDataSource redis;

    public TimeMachine(TestClock clock, RedisDataSource redis) {
        this.clock = clock;
        this.redis = redis;
    }

    public void advance(Duration by) {
        clock.advance(by);
        long passed = by.toMillis();
        String cursor = "0";
        do {
            Response page = redis.execute("SCAN", cursor, "COUNT", "1000");
            cursor = page.get(0).toString();
            for (Response key : page.get(1)) {
                long left = redis.execute("PTTL", key.toString()).toLong();
                if (left > passed) {
                    redis.execute("PEXPIRE", key.toString(), Long.toString(left - passed));
                } else if (left >= 0) {
                    redis.execute("DEL", key.toString());
                }
            }
        } while (!"0".equals(cursor));
    }

    public void reset() {
        clock.reset();
    }
}
