package dev.pressroom.content.cdn;

import dev.pressroom.content.config.ContentConfig;
import dev.pressroom.kernel.outbound.BoundedHttp;
import dev.pressroom.kernel.outbound.DeliveryQueue;
import dev.pressroom.kernel.outbound.DeliveryWorker;
import dev.pressroom.kernel.outbound.OutboundException;
import dev.pressroom.kernel.redis.EventLoopRedis;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.runtime.annotations.CommandLineArguments;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.net.URI;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jboss.logging.Logger;

/**
 * Purges a CDN's changed keys after an import, never on a request path: the importer queues one job per batch of keys
 * in the kernel's durable {@link DeliveryQueue} (Redis, so the job outlives the import's JVM and any replica may send
 * it), and every replica's {@link DeliveryWorker} sends the due jobs to the purge API through {@link BoundedHttp},
 * retried with backoff until the API answers 2xx (or dead-lettered after {@link #POLICY}'s attempts). Off unless a
 * CDN style and a purge URL are configured; the token is added at sending time and never stored in Redis.
 */
@ApplicationScoped
public class CdnPurges {

    private static final Logger LOG = Logger.getLogger(CdnPurges.class);

    /** Ten tries over about 20 minutes (1 s doubling to 5 min), within 6 hours; a full queue refuses more. */
    static final DeliveryQueue.Policy POLICY = new DeliveryQueue.Policy(
            10,
            Duration.ofHours(6),
            Duration.ofSeconds(1),
            Duration.ofMinutes(5),
            Duration.ofSeconds(30),
            10_000,
            64 * 1024,
            100);

    /** The queue's keys, one hash tag (Redis Cluster slot); the ACL user needs {@code cdn:*} (deploy/README.md). */
    static final String PREFIX = "cdn:{purge}:";

    private final ContentConfig.Cdn config;
    private final Optional<URI> target;
    private final int batchSize;
    private final DeliveryQueue queue;
    private final DeliveryWorker worker;
    private final Vertx vertx;
    private final AtomicBoolean delivering = new AtomicBoolean();
    private long timer = -1;

    public CdnPurges(ContentConfig config, EventLoopRedis redis, Clock clock, MeterRegistry meters, Vertx vertx) {
        this.config = config.cdn();
        this.vertx = vertx;
        BoundedHttp http = BoundedHttp.of(
                new BoundedHttp.Limits(
                        Duration.ofSeconds(5),
                        Duration.ofSeconds(10),
                        64 * 1024,
                        this.config.purge().allowLoopback()),
                meters,
                "cdn-purge");
        this.target = this.config.surrogateKeys() == CdnStyle.OFF
                ? Optional.empty()
                : this.config.purge().url().map(url -> checked(http, url));
        // The API's maximum unless configured lower; at least one key a call, whatever is configured.
        this.batchSize = Math.max(
                1,
                Math.min(
                        this.config.purge().batchSize().orElse(Integer.MAX_VALUE),
                        this.config.surrogateKeys().maxBatch()));
        this.queue = new DeliveryQueue(redis, clock, new SecureRandom(), PREFIX, POLICY);
        this.worker = new DeliveryWorker(
                queue,
                http,
                Infrastructure.getDefaultWorkerPool(),
                meters,
                "cdn-purge",
                (job, outcome, detail) -> LOG.infof("CDN purge %s: %s (%s)", outcome.label(), detail, job.body()),
                this::send);
    }

    /** A purge URL that can never be called is a configuration error, found at start rather than at the first purge. */
    private static URI checked(BoundedHttp http, String url) {
        URI uri = URI.create(url);
        http.uriProblem(uri).ifPresent(problem -> {
            throw new IllegalStateException("content.cdn.purge.url " + problem);
        });
        return uri;
    }

    public boolean enabled() {
        return target.isPresent();
    }

    /**
     * Queues the purge of these keys, in batches of at most the API's size; answers the calls queued (0 when purging
     * is off or nothing changed). Never fails the import that already committed: a batch the queue refuses (full, or
     * Redis unreachable) is logged, and its answers expire by their Cache-Control. Blocking: for the importer's
     * thread, never an event loop.
     */
    public int enqueue(Collection<String> keys) {
        if (!enabled() || keys.isEmpty()) {
            return 0;
        }
        List<String> all = new ArrayList<>(keys);
        int calls = 0;
        for (int from = 0; from < all.size(); from += batchSize) {
            if (queued(String.join(" ", all.subList(from, Math.min(all.size(), from + batchSize))))) {
                calls++;
            }
        }
        return calls;
    }

    private boolean queued(String batch) {
        try {
            if (queue.enqueue(target.get().toString(), batch).await().atMost(Duration.ofSeconds(10))) {
                return true;
            }
            LOG.warnf("CDN purge queue full, not purged: %s", batch);
        } catch (RuntimeException e) {
            LOG.warnf("CDN purge not queued (%s), not purged: %s", e.getMessage(), batch);
        }
        return false;
    }

    private BoundedHttp.Answer send(BoundedHttp http, DeliveryQueue.Job job) throws OutboundException {
        PurgeCall call = PurgeCall.of(
                config.surrogateKeys(),
                Arrays.asList(job.body().split(" ")),
                config.purge().token());
        return http.post(URI.create(job.target()), call.contentType(), call.headers(), call.body());
    }

    /** Sends the due purges; at most one round at a time per replica. */
    Uni<Integer> deliverDue() {
        return worker.deliverDue(100);
    }

    /**
     * Delivers from the service only: an admin command (the importer, run with arguments) queues and exits, and a job
     * it had just claimed would wait out its lease before a replica could send it.
     */
    void start(@Observes StartupEvent event, @CommandLineArguments String[] args) {
        if (enabled() && args.length == 0) {
            timer = vertx.setPeriodic(config.purge().interval().toMillis(), id -> tick());
        }
    }

    private void tick() {
        if (!delivering.compareAndSet(false, true)) {
            return;
        }
        deliverDue()
                .onTermination()
                .invoke(() -> delivering.set(false))
                .subscribe()
                .with(tried -> {}, failure -> LOG.warnf("CDN purges not sent: %s", failure.getMessage()));
    }

    void stop(@Observes ShutdownEvent event) {
        if (timer >= 0) {
            vertx.cancelTimer(timer);
        }
    }
}
