import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A local OTLP/HTTP receiver that accepts every export and keeps nothing but counts, so `make bench` can measure the
 * services with tracing on (BENCH_TRACING=1) without a collector. Usage: java scripts/OtlpSink.java PORT; on exit it
 * prints how many exports and bytes it took in (proof that spans were really sent).
 */
public class OtlpSink {

    public static void main(String[] args) throws IOException {
        int port = Integer.parseInt(args[0]);
        AtomicLong exports = new AtomicLong();
        AtomicLong bytes = new AtomicLong();
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 64);
        server.createContext("/", exchange -> {
            try (InputStream body = exchange.getRequestBody()) {
                bytes.addAndGet(body.transferTo(java.io.OutputStream.nullOutputStream()));
            }
            exports.incrementAndGet();
            // An empty ExportTraceServiceResponse: full success.
            exchange.getResponseHeaders().set("Content-Type", "application/x-protobuf");
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        server.setExecutor(Executors.newFixedThreadPool(2));
        Runtime.getRuntime().addShutdownHook(new Thread(() ->
                System.out.printf("otlp sink: %d exports, %d bytes%n", exports.get(), bytes.get())));
        server.start();
    }
}
