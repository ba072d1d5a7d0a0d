package dev.pressroom.kernel.testing;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * A probe for caller-written metric labels: requests in random methods (made-up ones too) to paths shaped like a
 * service's routes, each {@code *} of a shape replaced by a random marker (so some hit a real route with a method it
 * does not answer, others nothing at all) and every query carrying the marker too. The caller scrapes the metrics
 * afterwards and looks for the markers.
 */
public final class UnmatchedRequests {

    private static final List<String> METHODS =
            List.of("GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD", "TRACE", "PROPFIND", "PROBEMETHOD");

    /** The method labels a service may show: HTTP's own methods, and the kernel's word for any other. */
    public static final Set<String> METHOD_LABELS =
            Set.of("GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH", "OTHER");

    private UnmatchedRequests() {}

    /** The samples with a label value that carries one of the markers {@link #send} sent. */
    public static List<MetricsScrape.Sample> samplesCarrying(MetricsScrape metrics, List<String> markers) {
        return metrics.samples().stream()
                .filter(sample -> sample.labels().values().stream()
                        .anyMatch(value -> markers.stream().anyMatch(value::contains)))
                .toList();
    }

    /** Sends {@code count} requests to {@code http://127.0.0.1:port}; answers the markers they carried. */
    public static List<String> send(int port, List<String> shapes, int count, long seed) {
        Random random = new Random(seed);
        HttpClient client = HttpClient.newHttpClient();
        List<String> markers = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String marker = "probe" + HexFormat.of().formatHex(randomBytes(random));
            markers.add(marker);
            String path = shapes.get(random.nextInt(shapes.size())).replace("*", marker);
            String method = METHODS.get(random.nextInt(METHODS.size()));
            send(client, method, URI.create("http://127.0.0.1:" + port + path + "?" + marker + "=" + marker));
        }
        return List.copyOf(markers);
    }

    private static byte[] randomBytes(Random random) {
        byte[] bytes = new byte[6];
        random.nextBytes(bytes);
        return bytes;
    }

    private static void send(HttpClient client, String method, URI uri) {
        try {
            client.send(
                    HttpRequest.newBuilder(uri)
                            .method(method, HttpRequest.BodyPublishers.ofString("{}"))
                            .build(),
                    HttpResponse.BodyHandlers.discarding());
        } catch (IOException e) {
            throw new IllegalStateException(method + " " + uri, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
