package dev.pressroom.kernel.warmup;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * How a warm-up's rounds talk to their own listener: HTTP/1.1 like the clients behind the ingress, redirects answered
 * to the round rather than followed, and an answer deadline generous enough for a JVM that is still compiling.
 */
public final class WarmUpClient {

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);
    private static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(30);

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(CONNECT_TIMEOUT)
            .build();

    /** Sends the request with the answer deadline and returns the answer with its body as text. */
    public HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return send(request, HttpResponse.BodyHandlers.ofString());
    }

    /** Sends the request with the answer deadline, reading its body with {@code body}. */
    public <T> HttpResponse<T> send(HttpRequest.Builder request, HttpResponse.BodyHandler<T> body)
            throws IOException, InterruptedException {
        return http.send(request.timeout(ANSWER_TIMEOUT).build(), body);
    }
}
