package dev.pressroom.auth.support;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.assertj.core.api.Assertions;

/**
 * An attacker's parallel probe: many wrong passwords for one account sent at once (one thread each, released together
 * by a start gate), all on the pending request and CSRF pair of one real sign-in page.
 */
public final class SignInProbe {

    public static final String EVALUATED = "Wrong email or password.";
    public static final String REFUSED = "Too many failed sign-ins";

    private SignInProbe() {}

    /**
     * Sends one wrong password per entry of {@code forwardedFor} at once (an entry null: no X-Forwarded-For) and
     * answers how many were evaluated, after checking every answer is either evaluated or told to wait.
     */
    public static long evaluated(Browser browser, Response page, String email, List<String> forwardedFor)
            throws Exception {
        String request = Browser.hidden(page, "request");
        String csrf = Browser.hidden(page, "csrf");
        String cookie = browser.cookie("pr_csrf");
        ExecutorService pool = Executors.newFixedThreadPool(forwardedFor.size());
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<String>> answers = new ArrayList<>();
            for (int i = 0; i < forwardedFor.size(); i++) {
                String password = "wrong-password-" + i;
                String address = forwardedFor.get(i);
                answers.add(pool.submit(() -> {
                    var spec = given().redirects()
                            .follow(false)
                            .cookie("pr_csrf", cookie)
                            .contentType(ContentType.URLENC)
                            .formParams(Map.of("request", request, "csrf", csrf, "email", email, "password", password));
                    if (address != null) {
                        spec.header("X-Forwarded-For", address);
                    }
                    start.await();
                    Response answer = spec.post("/signin");
                    Assertions.assertThat(answer.statusCode())
                            .as(answer.asString())
                            .isEqualTo(200);
                    return answer.asString();
                }));
            }
            start.countDown();
            long evaluated = 0;
            for (Future<String> f : answers) {
                String body = f.get();
                Assertions.assertThat(body)
                        .as("every answer is evaluated or refused")
                        .containsAnyOf(EVALUATED, REFUSED);
                evaluated += body.contains(EVALUATED) ? 1 : 0;
            }
            return evaluated;
        } finally {
            pool.shutdownNow();
        }
    }
}
