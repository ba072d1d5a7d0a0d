package dev.pressroom.auth.support;

import io.restassured.RestAssured;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A client connecting from 127.0.0.2, an address no test profile trusts as a proxy (HTTP/1.0 over a plain socket:
 * the HTTP clients of the tests cannot choose their local address).
 */
public final class UntrustedPeer {

    public static final String ADDRESS = "127.0.0.2";

    private UntrustedPeer() {}

    /** POSTs the form with the given extra headers; answers the whole response, status line and headers included. */
    public static String post(String path, Map<String, String> headers, Map<String, String> form) throws IOException {
        String body = form.entrySet().stream()
                .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        StringBuilder request = new StringBuilder("POST " + path + " HTTP/1.0\r\nHost: 127.0.0.1\r\n")
                .append("Content-Type: application/x-www-form-urlencoded\r\n")
                .append("Content-Length: ")
                .append(body.getBytes(StandardCharsets.UTF_8).length)
                .append("\r\n");
        headers.forEach(
                (name, value) -> request.append(name).append(": ").append(value).append("\r\n"));
        request.append("\r\n").append(body);
        try (Socket socket = new Socket()) {
            socket.bind(new InetSocketAddress(ADDRESS, 0));
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), RestAssured.port), 5000);
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.toString().getBytes(StandardCharsets.UTF_8));
            out.flush();
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
