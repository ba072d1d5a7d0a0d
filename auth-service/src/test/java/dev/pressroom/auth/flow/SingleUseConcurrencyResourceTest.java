package dev.pressroom.auth.flow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.auth.support.Admin;
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

/** Concurrent uses of one code or one refresh token: exactly one use counts, atomically (Lua scripts). */
@QuarkusTest
class SingleUseConcurrencyResourceTest {

    private static final int PARALLEL = 12;
    private final ExecutorService pool = Executors.newFixedThreadPool(PARALLEL);

    @AfterEach
    void shutdown() {
        pool.shutdownNow();
    }

    /**
     * Exactly one exchange consumes the code and the other 11 are replays (RFC 9700 §4.5), each revoking what the code
     * minted. The replays may revoke the grant before the first exchange records its tokens, and then that exchange
     * is refused as well: so at most one answer is 200, and its tokens are revoked by the time every answer is in.
     */
    @Test
    void tokenWhenOneCodeExchangedConcurrentlyThenOneExchangeAndElevenReplaysThatRevokeIt() throws Exception {
        for (int round = 0; round < 3; round++) {
            TestClients app = TestClients.create();
            String code = app.code(new Browser(), "openid offline_access");
            double replaysBefore = replays();

            List<Response> answers = race(() -> app.exchange(code));

            assertThat(replays() - replaysBefore).as("replays detected").isEqualTo(PARALLEL - 1);
            List<Response> granted =
                    answers.stream().filter(a -> a.statusCode() == 200).toList();
            assertThat(granted).hasSizeLessThanOrEqualTo(1);
            assertThat(answers)
                    .filteredOn(a -> a.statusCode() != 200)
                    .hasSize(PARALLEL - granted.size())
                    .allSatisfy(a -> assertThat(a.statusCode()).isEqualTo(400))
                    .allSatisfy(a -> assertThat(a.<String>path("error")).isEqualTo("invalid_grant"));
            for (Response tokens : granted) {
                userInfo(tokens.path("access_token")).then().statusCode(401);
                app.refresh(tokens.path("refresh_token")).then().statusCode(400);
            }
        }
    }

    /**
     * One rotation retires the token; each other request is either reuse, revoking the chain (RFC 9700 §4.14.2), or,
     * arriving after that rotation, a retry within the grace that replaces the unused successor. Either way the chain
     * ends with at most one live refresh token, and presenting any replaced one revokes it.
     */
    @Test
    void refreshWhenOneTokenUsedConcurrentlyThenAtMostOneSuccessorStaysLive() throws Exception {
        for (int round = 0; round < 3; round++) {
            TestClients app = TestClients.create();
            String refresh = app.exchange(app.code(new Browser(), "openid offline_access"))
                    .path("refresh_token");

            List<Response> answers = race(() -> app.refresh(refresh));

            assertThat(answers)
                    .filteredOn(a -> a.statusCode() != 200)
                    .allSatisfy(a -> assertThat(a.statusCode()).isEqualTo(400))
                    .allSatisfy(a -> assertThat(a.<String>path("error")).isEqualTo("invalid_grant"));
            List<String> issued = answers.stream()
                    .filter(a -> a.statusCode() == 200)
                    .map(a -> a.<String>path("refresh_token"))
                    .toList();
            assertThat(issued).isNotEmpty();
            List<String> live = issued.stream().filter(app::active).toList();
            assertThat(live).hasSizeLessThanOrEqualTo(1);
            List<String> replaced =
                    issued.stream().filter(t -> !live.contains(t)).toList();
            if (!live.isEmpty() && !replaced.isEmpty()) {
                app.refresh(replaced.get(0)).then().statusCode(400);
                assertThat(app.active(live.get(0)))
                        .as("a replaced token came back")
                        .isFalse();
            }
        }
    }

    private static double replays() {
        return Admin.scrape().value("pressroom_auth_code_replays_total");
    }

    private static Response userInfo(String accessToken) {
        return Admin.publicApi()
                .header("Authorization", "Bearer " + accessToken)
                .get("/oauth/userinfo");
    }

    private List<Response> race(Callable<Response> call) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Response>> futures = new ArrayList<>();
        for (int i = 0; i < PARALLEL; i++) {
            futures.add(pool.submit(() -> {
                start.await();
                return call.call();
            }));
        }
        start.countDown();
        List<Response> answers = new ArrayList<>();
        for (Future<Response> f : futures) {
            answers.add(f.get());
        }
        return answers;
    }
}
