package dev.pressroom.content.cdn;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

/**
 * A stand-in purge API on loopback that records every request and answers as the test scripts (200 once the script
 * is used up). The profile (Quarkus's class loader) and the test (JUnit's) must agree on its port before the service
 * starts, so the port is chosen once per JVM and kept in a system property; the test then listens on it.
 */
final class PurgeReceiver {

    private static final String PORT = "pressroom.test.purge-receiver.port";

    /** One recorded request: header names lowercased. */
    record Request(String method, String path, Map<String, String> headers, String body) {}

    final List<Request> requests = new CopyOnWriteArrayList<>();
    final Queue<Integer> statuses = new ConcurrentLinkedQueue<>();
    private final HttpServer server;

    private PurgeReceiver(HttpServer server) {
        this.server = server;
    }

    static synchronized int port() {
        String chosen = System.getProperty(PORT);
        if (chosen == null) {
            try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                chosen = Integer.toString(free.getLocalPort());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            System.setProperty(PORT, chosen);
        }
        return Integer.parseInt(chosen);
    }

    static PurgeReceiver start() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port()), 0);
        PurgeReceiver receiver = new PurgeReceiver(server);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/", exchange -> {
            try (InputStream in = exchange.getRequestBody()) {
                Map<String, String> headers = new TreeMap<>();
                exchange.getRequestHeaders()
                        .forEach((name, values) -> headers.put(name.toLowerCase(java.util.Locale.ROOT), values.get(0)));
                receiver.requests.add(new Request(
                        exchange.getRequestMethod(),
                        exchange.getRequestURI().getPath(),
                        headers,
                        new String(in.readAllBytes(), StandardCharsets.UTF_8)));
            }
            Integer status = receiver.statuses.poll();
            exchange.sendResponseHeaders(status == null ? 200 : status, -1);
            exchange.close();
        });
        server.start();
        return receiver;
    }

    void stop() {
        server.stop(0);
    }
}
