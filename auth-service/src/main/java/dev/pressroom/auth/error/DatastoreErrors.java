package dev.pressroom.auth.error;

import dev.pressroom.kernel.error.DatabaseOutages;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Calls to Redis or PostgreSQL that failed because the datastore could not be reached or dropped the connection,
 * counted by datastore ({@value #ERRORS}{datastore}). Both are answered 503 temporarily_unavailable with Retry-After:
 * the stores turn every Redis failure into one, and {@link AuthErrorMappers} the PostgreSQL failures that reach an
 * endpoint. Readiness (/q/health/ready) reports either datastore down as well.
 */
@ApplicationScoped
public class DatastoreErrors {

    static final String ERRORS = "pressroom.auth.datastore.errors";

    private final Counter redis;
    private final Counter postgresql;

    public DatastoreErrors(MeterRegistry registry) {
        this.redis = counter(registry, "redis");
        this.postgresql = counter(registry, "postgresql");
    }

    private static Counter counter(MeterRegistry registry, String datastore) {
        return Counter.builder(ERRORS)
                .description("Datastore calls that failed: unreachable or connection lost")
                .tag("datastore", datastore)
                .register(registry);
    }

    /** A failed Redis call, counted: answers the 503 to fail with (nothing is minted that cannot be recorded). */
    public OAuthException redis(Throwable failure) {
        if (failure instanceof OAuthException answered) {
            return answered;
        }
        redis.increment();
        return OAuthException.unavailable();
    }

    /** The answer to a request PostgreSQL could not serve: 503, the pool reconnects by itself. */
    public static OAuthException postgresqlUnavailable() {
        return OAuthException.unavailable("The service cannot reach its database right now; try again shortly.");
    }

    /**
     * Counts a failed PostgreSQL call when the reactive client could not reach PostgreSQL or lost the connection (not
     * a SQL error, {@link DatabaseOutages}); answers whether it did.
     */
    public boolean postgresql(Throwable failure) {
        boolean down = DatabaseOutages.isOutage(failure);
        if (down) {
            postgresql.increment();
        }
        return down;
    }
}
