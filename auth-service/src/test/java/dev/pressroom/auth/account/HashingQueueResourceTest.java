package dev.pressroom.auth.account;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.auth.support.TinyHashingPoolProfile;
import dev.pressroom.kernel.id.Tokens;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * With one hashing thread and one place in the queue, a burst of sign-ins or account creations beyond them is
 * answered 503 temporarily_unavailable with Retry-After at once (the "try again" page for browsers), and every
 * request within the bound still succeeds.
 */
@QuarkusTest
@TestProfile(TinyHashingPoolProfile.class)
class HashingQueueResourceTest {

    private static final int BURST = 48;

    @Test
    void signInWhenBurstBeyondTheQueueThenTryAgainPagesAndTheRestSignedIn() throws Exception {
        TestClients app = TestClients.create();
        List<Callable<Response>> signIns = new ArrayList<>();
        for (int i = 0; i < BURST; i++) {
            // One person each: the sign-in limits let only a few attempts of one account be in flight at once.
            TestClients person = TestClients.forClient(app.clientId, app.secret);
            Browser browser = new Browser();
            Response page = browser.get("/oauth/authorize", person.authorizeParams("openid"));
            Map<String, String> form = Map.of(
                    "request",
                    Browser.hidden(page, "request"),
                    "csrf",
                    Browser.hidden(page, "csrf"),
                    "email",
                    person.email,
                    "password",
                    TestClients.PASSWORD);
            signIns.add(() -> browser.post("/signin", form));
        }

        List<Response> answers = burst(signIns);

        List<Response> refused =
                answers.stream().filter(r -> r.statusCode() == 503).toList();
        assertThat(refused).as("sign-ins refused").isNotEmpty();
        assertThat(refused.get(0).header("Retry-After")).isEqualTo("5");
        assertThat(refused.get(0).asString()).contains("Please try again in a moment.");
        assertThat(answers)
                .filteredOn(r -> r.statusCode() != 503)
                .allSatisfy(r -> assertThat(r.asString()).doesNotContain("Wrong email or password."))
                .isNotEmpty();
    }

    @Test
    void createAccountWhenBurstBeyondTheQueueThen503TemporarilyUnavailable() throws Exception {
        List<Callable<Response>> creations = new ArrayList<>();
        for (int i = 0; i < BURST; i++) {
            String email = "burst-" + Tokens.random(6) + "@example.test";
            creations.add(() -> Admin.admin()
                    .body(Map.of("email", email, "password", TestClients.PASSWORD, "name", "Burst"))
                    .post("/admin/accounts"));
        }

        List<Response> answers = burst(creations);

        List<Response> refused =
                answers.stream().filter(r -> r.statusCode() == 503).toList();
        assertThat(refused).as("creations refused").isNotEmpty();
        assertThat(refused.get(0).header("Retry-After")).isEqualTo("5");
        assertThat(refused.get(0).jsonPath().getString("error")).isEqualTo("temporarily_unavailable");
        assertThat(answers).extracting(Response::statusCode).containsOnly(201, 503);
    }

    /** Sends all requests at once, each from its own thread. */
    private static List<Response> burst(List<Callable<Response>> requests) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(requests.size());
        CountDownLatch go = new CountDownLatch(1);
        try {
            List<Future<Response>> sent = new ArrayList<>();
            for (Callable<Response> request : requests) {
                sent.add(threads.submit(() -> {
                    go.await();
                    return request.call();
                }));
            }
            go.countDown();
            List<Response> answers = new ArrayList<>();
            for (Future<Response> answer : sent) {
                answers.add(answer.get());
            }
            return answers;
        } finally {
            threads.shutdownNow();
        }
    }
}
