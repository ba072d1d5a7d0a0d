package dev.pressroom.kernel.warmup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.pressroom.kernel.warmup.WarmUpClient.Answer;
import dev.pressroom.kernel.warmup.WarmUpClient.Request;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The warm-up's client against a real HTTP/1.1 server (the JDK's), and against hand-written answers. */
class WarmUpClientTest {

    private HttpServer server;
    private final Set<Integer> clientPorts = ConcurrentHashMap.newKeySet();
    private final List<String> seen = new CopyOnWriteArrayList<>();
    private WarmUpClient client;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::answer);
        server.start();
        client = new WarmUpClient(
                URI.create("http://127.0.0.1:" + server.getAddress().getPort()));
    }

    @AfterEach
    void stop() {
        client.close();
        server.stop(0);
    }

    private void answer(HttpExchange exchange) throws IOException {
        clientPorts.add(exchange.getRemoteAddress().getPort());
        byte[] request = exchange.getRequestBody().readAllBytes();
        seen.add(exchange.getRequestMethod() + " " + exchange.getRequestURI() + " "
                + exchange.getRequestHeaders().getFirst("Authorization") + " "
                + exchange.getRequestHeaders().getFirst("Content-Type") + " "
                + new String(request, StandardCharsets.UTF_8));
        String path = exchange.getRequestURI().getPath();
        switch (path) {
            case "/redirect" -> {
                exchange.getResponseHeaders().add("Location", "https://client.test/cb?code=abc&state=s");
                exchange.sendResponseHeaders(302, -1);
            }
            case "/chunked" -> {
                exchange.sendResponseHeaders(200, 0); // no length: the JDK server sends it chunked
                try (OutputStream body = exchange.getResponseBody()) {
                    for (int i = 0; i < 3; i++) {
                        body.write(("part" + i + ";").getBytes(StandardCharsets.UTF_8));
                        body.flush();
                    }
                }
            }
            default -> {
                byte[] body = "{\"access_token\":\"a.b-c\",\"active\":true,\"n\":42,\"keys\":[{\"kty\":\"RSA\"}]}"
                        .getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().add("Content-Type", "application/json");
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
            }
        }
        exchange.close();
    }

    @Test
    void sendWhenRepeatedOnOneThreadThenKeepsOneConnection() throws IOException {
        for (int i = 0; i < 5; i++) {
            assertThat(client.send(Request.get("/json?i=" + i)).status()).isEqualTo(200);
        }

        assertThat(clientPorts).hasSize(1);
        assertThat(seen).hasSize(5).last().asString().startsWith("GET /json?i=4 ");
    }

    @Test
    void sendWhenOnSeveralThreadsThenEachHasItsOwnConnection() throws Exception {
        Thread other = new Thread(() -> {
            try {
                client.send(Request.get("/json"));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        client.send(Request.get("/json"));
        other.start();
        other.join();
        client.send(Request.get("/json"));

        assertThat(clientPorts).hasSize(2);
    }

    @Test
    void sendWhenPostThenSendsTheBodyWithItsTypeAndHeaders() throws IOException {
        Answer answer = client.send(Request.post("/token", "application/x-www-form-urlencoded", "grant_type=x&a=é")
                .header("Authorization", "Basic Y2xpZW50OnNlY3JldA=="));

        assertThat(answer.status()).isEqualTo(200);
        assertThat(seen)
                .containsExactly(
                        "POST /token Basic Y2xpZW50OnNlY3JldA== application/x-www-form-urlencoded grant_type=x&a=é");
    }

    @Test
    void sendWhenRedirectedThenAnswersTheRedirectWithoutFollowingIt() throws IOException {
        Answer answer = client.send(Request.get("/redirect"));

        assertThat(answer.status()).isEqualTo(302);
        assertThat(answer.header("location")).isEqualTo("https://client.test/cb?code=abc&state=s");
        assertThat(answer.header("LOCATION")).isEqualTo(answer.header("Location"));
        assertThat(answer.body()).isEmpty();
        assertThat(seen).hasSize(1);
    }

    @Test
    void sendWhenTheAnswerIsChunkedThenReadsEveryChunkAndTheConnectionStaysUsable() throws IOException {
        assertThat(client.send(Request.get("/chunked")).body()).isEqualTo("part0;part1;part2;");
        assertThat(client.send(Request.get("/json")).status()).isEqualTo(200);

        assertThat(clientPorts).hasSize(1);
    }

    @Test
    void memberWhenPresentThenGivesStringsAndLiteralsAndNullOtherwise() throws IOException {
        Answer answer = client.send(Request.get("/json"));

        assertThat(answer.member("access_token")).isEqualTo("a.b-c");
        assertThat(answer.member("active")).isEqualTo("true");
        assertThat(answer.member("n")).isEqualTo("42");
        assertThat(answer.member("keys")).isNotEmpty();
        assertThat(answer.member("kty")).isEqualTo("RSA");
        assertThat(answer.member("refresh_token")).isNull();
    }

    @Test
    void memberWhenTheNameIsAlsoAValueThenFindsTheMember() {
        Answer answer = new Answer(200, Map.of(), "{\"kind\":\"sub\",\"sub\":\"a\\\"b\"}");

        assertThat(answer.member("sub")).isEqualTo("a\\\"b");
    }

    @Test
    void sendWhenTheServerClosesAfterAnAnswerThenTheNextRequestReconnects() throws Exception {
        try (ServerSocket closing = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread serve = new Thread(() -> {
                for (int i = 0; i < 2; i++) {
                    try (Socket socket = closing.accept()) {
                        readHead(socket.getInputStream());
                        socket.getOutputStream()
                                .write(("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nanswer " + i)
                                        .getBytes(StandardCharsets.US_ASCII));
                    } catch (IOException e) {
                        return;
                    }
                }
            });
            serve.start();
            try (WarmUpClient toClosing = new WarmUpClient(URI.create("http://127.0.0.1:" + closing.getLocalPort()))) {
                assertThat(toClosing.send(Request.get("/")).body()).isEqualTo("answer 0");
                assertThat(toClosing.send(Request.get("/")).body()).isEqualTo("answer 1");
            }
            serve.join();
        }
    }

    @Test
    void sendWhenTheAnswerIsNotHttpThenFails() throws Exception {
        try (ServerSocket wrong = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread serve = new Thread(() -> {
                try (Socket socket = wrong.accept()) {
                    readHead(socket.getInputStream());
                    socket.getOutputStream().write("SSH-2.0-OpenSSH\r\n".getBytes(StandardCharsets.US_ASCII));
                } catch (IOException e) {
                    // the client has given up
                }
            });
            serve.start();
            try (WarmUpClient toWrong = new WarmUpClient(URI.create("http://127.0.0.1:" + wrong.getLocalPort()))) {
                assertThatThrownBy(() -> toWrong.send(Request.get("/")))
                        .isInstanceOf(IOException.class)
                        .hasMessageContaining("not an HTTP/1.1 answer");
            }
            serve.join();
        }
    }

    @Test
    void closeWhenConnectionsAreOpenThenTheServerSeesThemClosed() throws Exception {
        try (ServerSocket listening = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            WarmUpClient toListening = new WarmUpClient(URI.create("http://127.0.0.1:" + listening.getLocalPort()));
            Thread send = new Thread(() -> {
                try {
                    toListening.send(Request.get("/"));
                } catch (IOException e) {
                    // closed under it, as intended
                }
            });
            send.start();
            try (Socket socket = listening.accept()) {
                readHead(socket.getInputStream());
                toListening.close();
                send.join();

                assertThat(socket.getInputStream().read()).isEqualTo(-1);
            }
        }
    }

    private static void readHead(InputStream in) throws IOException {
        int last4 = 0;
        for (int c = in.read(); c >= 0; c = in.read()) {
            last4 = (last4 << 8) | c;
            if (last4 == 0x0d0a0d0a) {
                return;
            }
        }
    }
}
