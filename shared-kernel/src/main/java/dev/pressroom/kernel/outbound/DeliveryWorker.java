package dev.pressroom.kernel.outbound;

import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Uni;
import java.net.URI;
import java.util.Locale;
import java.util.concurrent.Executor;

/**
 * Delivers a {@link DeliveryQueue}'s due jobs through {@link BoundedHttp}, off any request path: a service calls
 * {@link #deliverDue} from its background schedule. The blocking POST runs on the given executor (a worker pool,
 * never an event loop). A 2xx answer completes the job; anything else (another status, a timeout, a refused address)
 * is a failure the queue retries or dead-letters. Each outcome is counted in
 * {@code pressroom_outbound_deliveries_total{queue,outcome}} and reported to the listener (for audit events).
 */
public final class DeliveryWorker {

    /** What became of one delivery attempt. */
    public enum Outcome {
        DELIVERED,
        RETRY,
        DEAD;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Hears every attempt's outcome, with the answer's status or the failure's reason. */
    @FunctionalInterface
    public interface Listener {
        void outcome(DeliveryQueue.Job job, Outcome outcome, String detail);
    }

    /** Makes one job's call; by default a form POST of the job's body to its target. */
    @FunctionalInterface
    public interface Request {
        BoundedHttp.Answer send(BoundedHttp http, DeliveryQueue.Job job) throws OutboundException;
    }

    private record Attempt(boolean delivered, String detail) {}

    private final DeliveryQueue queue;
    private final BoundedHttp http;
    private final Executor blocking;
    private final MeterRegistry meters;
    private final String name;
    private final Listener listener;
    private final Request request;

    public DeliveryWorker(
            DeliveryQueue queue,
            BoundedHttp http,
            Executor blocking,
            MeterRegistry meters,
            String name,
            Listener listener) {
        this(
                queue,
                http,
                blocking,
                meters,
                name,
                listener,
                (h, job) -> h.postForm(URI.create(job.target()), job.body()));
    }

    /** With jobs whose call is not a form POST (a CDN's purge API: its own body, headers and token). */
    public DeliveryWorker(
            DeliveryQueue queue,
            BoundedHttp http,
            Executor blocking,
            MeterRegistry meters,
            String name,
            Listener listener,
            Request request) {
        this.request = request;
        this.queue = queue;
        this.http = http;
        this.blocking = blocking;
        this.meters = meters;
        this.name = name;
        this.listener = listener;
    }

    /** Tries the jobs due now, one after another, at most {@code max}; answers how many were tried. */
    public Uni<Integer> deliverDue(int max) {
        return deliverFrom(0, max);
    }

    private Uni<Integer> deliverFrom(int tried, int max) {
        if (tried >= max) {
            return Uni.createFrom().item(tried);
        }
        return queue.claim()
                .chain(job -> job.isEmpty()
                        ? Uni.createFrom().item(tried)
                        : deliver(job.get()).chain(() -> deliverFrom(tried + 1, max)));
    }

    private Uni<Void> deliver(DeliveryQueue.Job job) {
        return Uni.createFrom()
                .item(() -> post(job))
                .runSubscriptionOn(blocking)
                .chain(attempt -> attempt.delivered()
                        ? queue.delivered(job).invoke(() -> report(job, Outcome.DELIVERED, attempt.detail()))
                        : queue.failed(job, attempt.detail())
                                .invoke(next -> report(
                                        job,
                                        next == DeliveryQueue.Next.DEAD ? Outcome.DEAD : Outcome.RETRY,
                                        attempt.detail()))
                                .replaceWithVoid());
    }

    private Attempt post(DeliveryQueue.Job job) {
        try {
            BoundedHttp.Answer answer = request.send(http, job);
            return new Attempt(answer.ok(), "HTTP " + answer.status());
        } catch (OutboundException e) {
            return new Attempt(false, e.outcome().label() + ": " + e.getMessage());
        } catch (IllegalArgumentException e) {
            return new Attempt(false, "not a URL");
        }
    }

    private void report(DeliveryQueue.Job job, Outcome outcome, String detail) {
        meters.counter("pressroom.outbound.deliveries", "queue", name, "outcome", outcome.label())
                .increment();
        listener.outcome(job, outcome, detail);
    }
}
