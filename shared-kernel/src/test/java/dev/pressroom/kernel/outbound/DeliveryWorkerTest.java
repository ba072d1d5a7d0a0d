package dev.pressroom.kernel.outbound;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.pressroom.kernel.outbound.DeliveryQueue.Policy;
import dev.pressroom.kernel.outbound.DeliveryWorker.Outcome;
import dev.pressroom.kernel.redis.EventLoopRedis;
import dev.pressroom.kernel.testing.MovableClock;
import dev.pressroom.kernel.testing.RedisServers;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.mutiny.core.Vertx;
import io.vertx.redis.client.RedisOptions;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javax.net.ssl.SSLSocketFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The worker over a private redis-server, posting to a loopback receiver that answers as each test scripts. */
class DeliveryWorkerTest {

    private static final Policy POLICY = new Policy(
            3,
            Duration.ofHours(1),
            Duration.ofSeconds(10),
            Duration.ofMinutes(1),
            Duration.ofSeconds(30),
            100,
            1000,
            10);

    private static Vertx vertx;
    private static int redisPort;

    private final MovableClock clock = new MovableClock(Clock.systemUTC());
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final ExecutorService blocking = Executors.newCachedThreadPool();
    private final Queue<Integer> statuses = new ConcurrentLinkedQueue<>();
    private final List<String> bodies = new CopyOnWriteArrayList<>();
    private final List<String> outcomes = new CopyOnWriteArrayList<>();
    private HttpServer receiver;
    private DeliveryQueue queue;
    private DeliveryWorker worker;

    @BeforeAll
    static void startRedis() {
        redisPort = RedisServers.start("delivery-worker", List.of());
        vertx = Vertx.vertx();
    }

    @AfterAll
    static void stopVertx() {
        vertx.closeAndAwait();
    }

    @BeforeEach
    void setUp() throws IOException {
        receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        receiver.setExecutor(Executors.newCachedThreadPool());
        receiver.createContext("/logout", exchange -> {
            try (InputStream in = exchange.getRequestBody()) {
                bodies.add(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
            Integer status = statuses.poll();
            if (status == null) { // hang past the worker's answer timeout
                sleep(5_000);
                exchange.close();
                return;
            }
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        receiver.start();
        queue = new DeliveryQueue(
                new EventLoopRedis(
                        vertx,
                        new RedisOptions().setConnectionString("redis://127.0.0.1:" + redisPort),
                        Duration.ofSeconds(5)),
                clock,
                new Random(1),
                "test:{" + UUID.randomUUID() + "}:",
                POLICY);
        worker = new DeliveryWorker(
                queue,
                http(),
                blocking,
                meters,
                "test",
                (job, outcome, detail) -> outcomes.add(outcome + " " + detail));
    }

    private BoundedHttp http() {
        return new BoundedHttp(
                new BoundedHttp.Limits(Duration.ofSeconds(5), Duration.ofMillis(500), 1024, true),
                InetAddress::getAllByName,
                (SSLSocketFactory) SSLSocketFactory.getDefault(),
                meters,
                "test");
    }

    @AfterEach
    void stop() {
        receiver.stop(0);
        blocking.shutdownNow();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private String target() {
        return "http://127.0.0.1:" + receiver.getAddress().getPort() + "/logout";
    }

    private int deliverDue() {
        return worker.deliverDue(10).await().atMost(Duration.ofSeconds(30));
    }

    private double counted(Outcome outcome) {
        return meters.counter("pressroom.outbound.deliveries", "queue", "test", "outcome", outcome.label())
                .count();
    }

    @Test
    void deliverDueWhenReceiverAnswers200ThenDeliveredOnceWithTheForm() {
        statuses.add(200);
        queue.enqueue(target(), "logout_token=abc").await().indefinitely();

        assertThat(deliverDue()).isEqualTo(1);

        assertThat(bodies).containsExactly("logout_token=abc");
        assertThat(outcomes).containsExactly("DELIVERED HTTP 200");
        assertThat(counted(Outcome.DELIVERED)).isEqualTo(1);
        assertThat(deliverDue()).as("nothing left").isZero();
    }

    @Test
    void deliverDueWhenWorkerHasItsOwnRequestThenThatCallIsMadeForTheJob() {
        statuses.add(200);
        List<String> calls = new CopyOnWriteArrayList<>();
        DeliveryWorker json = new DeliveryWorker(
                queue,
                http(),
                blocking,
                meters,
                "test",
                (job, outcome, detail) -> outcomes.add(outcome + " " + detail),
                (h, job) -> {
                    calls.add(job.body());
                    return h.post(java.net.URI.create(job.target()), "application/json", java.util.Map.of(), "{}");
                });
        queue.enqueue(target(), "a b").await().indefinitely();

        assertThat(json.deliverDue(10).await().atMost(Duration.ofSeconds(30))).isEqualTo(1);

        assertThat(calls).containsExactly("a b");
        assertThat(bodies).containsExactly("{}");
        assertThat(outcomes).containsExactly("DELIVERED HTTP 200");
    }

    @Test
    void deliverDueWhenReceiverAnswers500Then200ThenRetriedAfterBackoffAndDelivered() {
        statuses.add(500);
        statuses.add(200);
        queue.enqueue(target(), "logout_token=abc").await().indefinitely();

        deliverDue();
        assertThat(deliverDue()).as("not before the backoff").isZero();
        clock.advance(POLICY.firstBackoff());
        deliverDue();

        assertThat(outcomes).containsExactly("RETRY HTTP 500", "DELIVERED HTTP 200");
        assertThat(bodies).hasSize(2);
        assertThat(counted(Outcome.RETRY)).isEqualTo(1);
        assertThat(counted(Outcome.DELIVERED)).isEqualTo(1);
    }

    @Test
    void deliverDueWhenReceiverHangsThenTimeoutsRetriedThenDeadLettered() {
        queue.enqueue(target(), "logout_token=abc").await().indefinitely();

        for (int i = 0; i < POLICY.maxAttempts(); i++) {
            deliverDue();
            clock.advance(POLICY.maxBackoff());
        }

        assertThat(outcomes).hasSize(3).allSatisfy(o -> assertThat(o).contains("timeout"));
        assertThat(outcomes.get(2)).startsWith("DEAD");
        assertThat(counted(Outcome.DEAD)).isEqualTo(1);
        assertThat(queue.deadCount().await().indefinitely()).isEqualTo(1);
        assertThat(deliverDue()).isZero();
    }

    @Test
    void deliverDueWhenTargetIsAPrivateAddressThenRefusedAndRetriedNotPosted() {
        queue.enqueue("https://10.0.0.1/logout", "logout_token=abc").await().indefinitely();

        deliverDue();

        assertThat(outcomes).singleElement().satisfies(o -> assertThat(o).startsWith("RETRY refused"));
        assertThat(bodies).isEmpty();
    }
}
