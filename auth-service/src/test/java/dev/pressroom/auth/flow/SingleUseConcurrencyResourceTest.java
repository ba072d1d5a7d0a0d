package dev.pressroom.auth.flow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.TestClients;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Two concurrent uses of one code or one refresh token never both succeed (atomic Lua scripts). */
@QuarkusTest
class SingleUseConcurrencyResourceTest {

    private static final int PARALLEL = 12;
    private final ExecutorService pool = Executors.newFixedThreadPool(PARALLEL);

    @AfterEach
    void shutdown() {
        pool.shutdownNow();
    }

    @Test
    void tokenWhenOneCodeExchangedConcurrentlyThenExactlyOneSucceeds() throws Exception {
        for (int round = 0; round < 3; round++) {
            TestClients app = TestClients.create();
            String code = app.code(new Browser(), "openid offline_access");
            List<Integer> statuses = race(() -> app.exchange(code));
            assertThat(statuses.stream().filter(s -> s == 200)).hasSizeLessThanOrEqualTo(1);
            assertThat(statuses.stream().filter(s -> s == 400)).hasSizeGreaterThanOrEqualTo(PARALLEL - 1);
        }
    }

    @Test
    void refreshWhenOneTokenUsedConcurrentlyThenExactlyOneSucceeds() throws Exception {
        for (int round = 0; round < 3; round++) {
            TestClients app = TestClients.create();
            String refresh = app.exchange(app.code(new Browser(), "openid offline_access"))
                    .path("refresh_token");
            List<Integer> statuses = race(() -> app.refresh(refresh));
            assertThat(statuses.stream().filter(s -> s == 200)).hasSizeLessThanOrEqualTo(1);
            assertThat(statuses.stream().filter(s -> s == 400)).hasSizeGreaterThanOrEqualTo(PARALLEL - 1);
        }
    }

    private List<Integer> race(Callable<Response> call) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Integer>> futures = new ArrayList<>();
        for (int i = 0; i < PARALLEL; i++) {
            futures.add(pool.submit(() -> {
                start.await();
                return call.call().statusCode();
            }));
        }
        start.countDown();
        List<Integer> statuses = new ArrayList<>();
        for (Future<Integer> f : futures) {
            statuses.add(f.get());
        }
        return statuses;
    }
}
