package dev.pressroom.auth.logout;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.auth.audit.AuditEvent;
import dev.pressroom.auth.audit.AuditEventType;
import dev.pressroom.auth.audit.AuditLog;
import dev.pressroom.auth.audit.Origin;
import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.kernel.outbound.BoundedHttp;
import dev.pressroom.kernel.outbound.DeliveryQueue;
import dev.pressroom.kernel.outbound.DeliveryWorker;
import dev.pressroom.kernel.redis.EventLoopRedis;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jboss.logging.Logger;

/**
 * Posts logout tokens to clients' backchannel_logout_uri from the kernel's durable {@link DeliveryQueue} in Redis,
 * never on a request path: every replica polls it on a Vert.x timer (AUTH_BACKCHANNEL_EVERY) and the kernel's
 * {@link DeliveryWorker} posts on a worker thread through {@link BoundedHttp} (public https addresses only, checked
 * again at each delivery). A 200 or 204 completes a delivery; any other answer, a timeout or a refused address is
 * retried with backoff until the token's lifetime or the attempts run out (README, "Back-channel logout"). Each
 * outcome is counted ({@code pressroom_outbound_deliveries_total{queue="backchannel_logout"}}) and audited.
 */
@ApplicationScoped
public class BackchannelDeliveries {

    static final String QUEUE = "backchannel_logout";

    private static final Logger LOG = Logger.getLogger(BackchannelDeliveries.class);
    private static final String PREFIX = "auth:{backchannel}:";
    /** Longer than connecting plus the whole answer, so no second worker claims a delivery still in flight. */
    private static final Duration LEASE = Duration.ofSeconds(30);

    private static final int MAX_QUEUED = 100_000;
    private static final int MAX_BODY = 8 * 1024;
    private static final int MAX_DEAD = 1_000;
    private static final int MAX_ANSWER_BYTES = 4 * 1024;
    /** Deliveries one round tries at most, so a backlog is worked through across rounds and replicas. */
    private static final int PER_ROUND = 50;

    private static final Map<DeliveryWorker.Outcome, AuditEventType> AUDITED = Map.of(
            DeliveryWorker.Outcome.DELIVERED, AuditEventType.BACKCHANNEL_LOGOUT_DELIVERED,
            DeliveryWorker.Outcome.RETRY, AuditEventType.BACKCHANNEL_LOGOUT_RETRIED,
            DeliveryWorker.Outcome.DEAD, AuditEventType.BACKCHANNEL_LOGOUT_FAILED);

    private static final Origin SERVER = new Origin(null, null);

    private final DeliveryQueue queue;
    private final DeliveryWorker worker;
    private final AuditLog audit;
    private final ObjectMapper json;
    private final Duration every;
    private final AtomicBoolean delivering = new AtomicBoolean();

    public BackchannelDeliveries(
            EventLoopRedis redis,
            AuthConfig config,
            Clock clock,
            MeterRegistry meters,
            AuditLog audit,
            ObjectMapper json) {
        AuthConfig.Backchannel backchannel = config.backchannel();
        AuthConfig.Outbound outbound = config.outbound();
        this.queue = new DeliveryQueue(
                redis,
                clock,
                new SplittableRandom(),
                PREFIX,
                new DeliveryQueue.Policy(
                        backchannel.maxAttempts(),
                        backchannel.tokenTtl(),
                        backchannel.firstBackoff(),
                        backchannel.maxBackoff(),
                        LEASE,
                        MAX_QUEUED,
                        MAX_BODY,
                        MAX_DEAD));
        BoundedHttp http = BoundedHttp.of(
                new BoundedHttp.Limits(
                        outbound.connectTimeout(),
                        outbound.answerTimeout(),
                        MAX_ANSWER_BYTES,
                        outbound.allowLoopback()),
                meters,
                QUEUE);
        this.worker =
                new DeliveryWorker(queue, http, Infrastructure.getDefaultWorkerPool(), meters, QUEUE, this::audited);
        this.audit = audit;
        this.json = json;
        this.every = backchannel.every();
    }

    void start(@Observes StartupEvent started, Vertx vertx) {
        vertx.setPeriodic(every.toMillis(), id -> deliverDue());
    }

    /** Queues a logout token for the client's URL; false when the queue is full (the token is then not sent). */
    Uni<Boolean> enqueue(String backchannelLogoutUri, String logoutToken) {
        return queue.enqueue(backchannelLogoutUri, "logout_token=" + logoutToken);
    }

    /** One round, unless the last one of this replica is still going (a slow receiver holds it up to its timeout). */
    void deliverDue() {
        if (!delivering.compareAndSet(false, true)) {
            return;
        }
        worker.deliverDue(PER_ROUND)
                .onTermination()
                .invoke(() -> delivering.set(false))
                .subscribe()
                .with(
                        tried -> {},
                        failure -> LOG.warnf(
                                "Back-channel logout round failed: %s",
                                failure.getClass().getSimpleName()));
    }

    /** The audit event of one outcome, naming the client (aud) and account (sub) of our own token in the body. */
    private void audited(DeliveryQueue.Job job, DeliveryWorker.Outcome outcome, String detail) {
        JsonNode claims = claimsOf(job.body());
        String sub = claims.path("sub").asText(null);
        audit.record(AuditEvent.of(
                        AUDITED.get(outcome), accountOf(sub), claims.path("aud").asText(null), SERVER)
                .with("attempt", job.attempts() + 1)
                .with("result", detail));
    }

    /** Our tokens' sub is an account id; null for a token by sid alone. */
    private static UUID accountOf(String sub) {
        try {
            return sub == null ? null : UUID.fromString(sub);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private JsonNode claimsOf(String body) {
        try {
            String token = URLDecoder.decode(body.substring(body.indexOf('=') + 1), StandardCharsets.US_ASCII);
            String payload = token.split("\\.", -1)[1];
            return json.readTree(Base64.getUrlDecoder().decode(payload));
        } catch (IOException | RuntimeException e) {
            return json.createObjectNode();
        }
    }
}
