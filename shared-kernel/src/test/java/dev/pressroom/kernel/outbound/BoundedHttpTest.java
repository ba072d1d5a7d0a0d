package dev.pressroom.kernel.outbound;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pressroom.kernel.outbound.BoundedHttp.Answer;
import dev.pressroom.kernel.outbound.BoundedHttp.Limits;
import dev.pressroom.kernel.outbound.OutboundException.Outcome;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.net.ssl.SSLSocketFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BoundedHttpTest {

    private static final Limits TEST_LIMITS = new Limits(Duration.ofSeconds(5), Duration.ofMillis(800), 1024, true);

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private ServerSocket server;

    @AfterEach
    void stop() throws IOException {
        if (server != null) {
            server.close();
        }
    }

    /** A receiver on loopback that answers every connection with these bytes (after reading the request head). */
    private int receiver(Answerer answerer) throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread thread = new Thread(() -> {
            while (!server.isClosed()) {
                try (Socket socket = server.accept()) {
                    requests.add(readHead(socket.getInputStream()));
                    answerer.answer(socket.getOutputStream());
                } catch (IOException | InterruptedException e) {
                    // the test closed the server, or the client gave up
                }
            }
        });
        thread.setDaemon(true);
        thread.start();
        return server.getLocalPort();
    }

    private interface Answerer {
        void answer(OutputStream out) throws IOException, InterruptedException;
    }

    private static String readHead(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                break;
            }
            head.append((char) b);
        }
        return head.toString();
    }

    private static Answerer answer(String raw) {
        return out -> out.write(raw.getBytes(StandardCharsets.ISO_8859_1));
    }

    private BoundedHttp http(Limits limits, String... addresses) {
        return new BoundedHttp(
                limits,
                host -> {
                    InetAddress[] resolved = new InetAddress[addresses.length];
                    for (int i = 0; i < addresses.length; i++) {
                        resolved[i] = InetAddress.getByName(addresses[i]);
                    }
                    return resolved;
                },
                (SSLSocketFactory) SSLSocketFactory.getDefault(),
                meters,
                "test");
    }

    private double count(Outcome outcome) {
        return meters.counter("pressroom.outbound.requests", "purpose", "test", "outcome", outcome.label())
                .count();
    }

    @Test
    void getWhenNameResolvesToLoopbackThenConnectsToThatAddressWithTheNameAsHost() throws Exception {
        int port = receiver(answer("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}"));

        Answer answer = http(TEST_LIMITS, "127.0.0.1").get(URI.create("http://keys.example:" + port + "/jwks"), "*/*");

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.body()).isEqualTo("{}");
        assertThat(answer.contentType()).isEqualTo("application/json");
        assertThat(requests)
                .singleElement()
                .satisfies(head -> assertThat(head)
                        .startsWith("GET /jwks HTTP/1.1\r\n")
                        .contains("Host: keys.example:" + port + "\r\n"));
        assertThat(count(Outcome.OK)).isEqualTo(1);
    }

    @Test
    void postFormWhenCalledThenSendsTheFormWithItsLength() throws Exception {
        int port = receiver(answer("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"));

        http(TEST_LIMITS, "127.0.0.1").postForm(URI.create("http://rp.example:" + port + "/logout"), "a=b");

        assertThat(requests)
                .singleElement()
                .satisfies(head -> assertThat(head)
                        .startsWith("POST /logout HTTP/1.1\r\n")
                        .contains("Content-Type: application/x-www-form-urlencoded\r\n")
                        .contains("Content-Length: 3\r\n"));
    }

    @Test
    void postWhenHeadersGivenThenSendsThemWithTheBody() throws Exception {
        int port = receiver(answer("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"));

        http(TEST_LIMITS, "127.0.0.1")
                .post(
                        URI.create("http://api.cdn.example:" + port + "/service/s1/purge"),
                        "application/json",
                        java.util.Map.of("Surrogate-Key", "a b"),
                        "{}");

        assertThat(requests)
                .singleElement()
                .satisfies(head -> assertThat(head)
                        .startsWith("POST /service/s1/purge HTTP/1.1\r\n")
                        .contains("Surrogate-Key: a b\r\n")
                        .contains("Content-Type: application/json\r\n")
                        .contains("Content-Length: 2\r\n"));
    }

    @Test
    void postWhenHeaderValueHoldsALineBreakThenRefusedWithoutConnecting() throws Exception {
        int port = receiver(answer("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"));
        BoundedHttp http = http(TEST_LIMITS, "127.0.0.1");
        URI uri = URI.create("http://api.cdn.example:" + port + "/purge");

        assertThatThrownBy(() -> http.post(uri, "text/plain", java.util.Map.of("Surrogate-Key", "a\r\nX-Evil: 1"), ""))
                .isInstanceOfSatisfying(
                        OutboundException.class, e -> assertThat(e.outcome()).isEqualTo(Outcome.REFUSED));
        assertThatThrownBy(() -> http.post(uri, "text/plain", java.util.Map.of("Bad Name", "a"), ""))
                .isInstanceOf(OutboundException.class);
        assertThat(requests).isEmpty();
        assertThat(count(Outcome.REFUSED)).isEqualTo(2);
    }

    @Test
    void getWhenLoopbackNotAllowedThenRefusedWithoutConnecting() throws Exception {
        int port = receiver(answer("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"));
        Limits production = new Limits(Duration.ofSeconds(5), Duration.ofSeconds(1), 1024, false);

        assertThatThrownBy(() -> http(production, "127.0.0.1").get(URI.create("https://keys.example:" + port), "*/*"))
                .isInstanceOfSatisfying(
                        OutboundException.class, e -> assertThat(e.outcome()).isEqualTo(Outcome.REFUSED))
                .hasMessageContaining("loopback");
        assertThat(requests).isEmpty();
        assertThat(count(Outcome.REFUSED)).isEqualTo(1);
    }

    @Test
    void getWhenAnyResolvedAddressIsPrivateThenRefused() {
        assertThatThrownBy(() -> http(TEST_LIMITS, "93.184.215.14", "169.254.169.254")
                        .get(URI.create("https://keys.example/jwks"), "*/*"))
                .isInstanceOfSatisfying(
                        OutboundException.class, e -> assertThat(e.outcome()).isEqualTo(Outcome.REFUSED))
                .hasMessageContaining("169.254.169.254");
    }

    @Test
    void uriProblemWhenHttpOrUserInfoOrFragmentThenNamed() {
        BoundedHttp production =
                http(new Limits(Duration.ofSeconds(1), Duration.ofSeconds(1), 1024, false), "93.184.215.14");
        assertThat(production.uriProblem(URI.create("http://rp.example/logout")))
                .contains("must use https");
        assertThat(production.uriProblem(URI.create("https://u:p@rp.example/logout")))
                .contains("must not contain user information");
        assertThat(production.uriProblem(URI.create("https://rp.example/logout#x")))
                .contains("must not contain a fragment");
        assertThat(production.uriProblem(URI.create("/logout"))).contains("must be an absolute https URL");
        assertThat(production.uriProblem(URI.create("https://rp.example/logout")))
                .isEmpty();
    }

    @Test
    void getWhenReceiverNeverAnswersThenTimeout() throws Exception {
        int port = receiver(out -> Thread.sleep(10_000));

        assertThatThrownBy(() -> http(TEST_LIMITS, "127.0.0.1").get(URI.create("http://rp.example:" + port), "*/*"))
                .isInstanceOfSatisfying(
                        OutboundException.class, e -> assertThat(e.outcome()).isEqualTo(Outcome.TIMEOUT));
        assertThat(count(Outcome.TIMEOUT)).isEqualTo(1);
    }

    @Test
    void getWhenReceiverDripsBytesThenCutAtTheAnswerDeadline() throws Exception {
        int port = receiver(out -> {
            out.write("HTTP/1.1 200 OK\r\n".getBytes(StandardCharsets.ISO_8859_1));
            for (int i = 0; i < 100; i++) {
                out.write("X: y\r\n".getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
                Thread.sleep(100);
            }
        });

        assertThatThrownBy(() -> http(TEST_LIMITS, "127.0.0.1").get(URI.create("http://rp.example:" + port), "*/*"))
                .isInstanceOfSatisfying(
                        OutboundException.class, e -> assertThat(e.outcome()).isEqualTo(Outcome.TIMEOUT));
    }

    @Test
    void getWhenAnswerDeclaresTenMegabytesThenTooLarge() throws Exception {
        int port = receiver(answer("HTTP/1.1 200 OK\r\nContent-Length: 10485760\r\n\r\n" + "x".repeat(4096)));

        assertThatThrownBy(() -> http(TEST_LIMITS, "127.0.0.1").get(URI.create("http://rp.example:" + port), "*/*"))
                .isInstanceOfSatisfying(
                        OutboundException.class, e -> assertThat(e.outcome()).isEqualTo(Outcome.TOO_LARGE));
    }

    @Test
    void getWhenUndeclaredTenMegabytesThenTooLarge() throws Exception {
        int port = receiver(out -> {
            out.write("HTTP/1.1 200 OK\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            byte[] block = new byte[64 * 1024];
            for (int i = 0; i < 160; i++) {
                out.write(block);
            }
        });

        assertThatThrownBy(() -> http(TEST_LIMITS, "127.0.0.1").get(URI.create("http://rp.example:" + port), "*/*"))
                .isInstanceOfSatisfying(
                        OutboundException.class, e -> assertThat(e.outcome()).isEqualTo(Outcome.TOO_LARGE));
    }

    @Test
    void getWhenChunkedThenBodyReassembled() throws Exception {
        String head = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n";
        int port = receiver(answer(head + "3\r\n{\"a\r\n4;ext=1\r\n\":1}\r\n0\r\n\r\n"));

        Answer answer = http(TEST_LIMITS, "127.0.0.1").get(URI.create("http://rp.example:" + port), "*/*");

        assertThat(answer.body()).isEqualTo("{\"a\":1}");
    }

    @Test
    void getWhenRedirectedThenNotFollowed() throws Exception {
        String head = "HTTP/1.1 302 Found\r\nLocation: http://169.254.169.254/\r\n";
        int port = receiver(answer(head + "Content-Length: 0\r\n\r\n"));

        Answer answer = http(TEST_LIMITS, "127.0.0.1").get(URI.create("http://rp.example:" + port), "*/*");

        assertThat(answer.status()).isEqualTo(302);
        assertThat(answer.ok()).isFalse();
        assertThat(requests).hasSize(1);
        assertThat(count(Outcome.STATUS)).isEqualTo(1);
    }
}
