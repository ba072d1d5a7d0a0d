package dev.pressroom.auth.audit;

import dev.pressroom.auth.config.AuthConfig;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Clock;
import java.time.Duration;
import org.jboss.logging.Logger;

/**
 * Deletes audit events older than AUTH_AUDIT_RETENTION, on a Vert.x timer (no scheduler extension for one periodic
 * delete). Each round deletes at most {@link #BATCH} rows per statement until none are left, so a backlog never holds
 * a long transaction; every replica runs it, and concurrent rounds only find less to delete.
 */
@ApplicationScoped
public class AuditRetention {

    private static final Logger LOG = Logger.getLogger(AuditRetention.class);
    static final Duration EVERY = Duration.ofHours(1);
    static final int BATCH = 5_000;

    private final AuditRepository repository;
    private final Clock clock;
    private final Duration retention;

    public AuditRetention(AuditRepository repository, Clock clock, AuthConfig config) {
        this.repository = repository;
        this.clock = clock;
        this.retention = config.auditRetention();
    }

    void start(@Observes StartupEvent started, Vertx vertx) {
        vertx.setPeriodic(
                EVERY.toMillis(),
                id -> purge().subscribe()
                        .with(
                                deleted -> {
                                    if (deleted > 0) {
                                        LOG.infof("Deleted %d audit events older than %s", deleted, retention);
                                    }
                                },
                                failure -> LOG.warnf(
                                        "Audit retention round failed: %s",
                                        failure.getClass().getSimpleName())));
    }

    /** Deletes every event older than the retention; answers how many. */
    public Uni<Integer> purge() {
        return purgeFrom(0);
    }

    private Uni<Integer> purgeFrom(int deletedSoFar) {
        return repository
                .deleteOlderThan(clock.instant().minus(retention), BATCH)
                .chain(n -> n < BATCH ? Uni.createFrom().item(deletedSoFar + n) : purgeFrom(deletedSoFar + n));
    }
}
