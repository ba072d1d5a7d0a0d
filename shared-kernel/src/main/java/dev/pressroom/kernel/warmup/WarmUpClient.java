package dev.pressroom.kernel.warmup;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How a warm-up's rounds talk to their own listener: HTTP/1.1 over one kept-alive socket per thread, like the clients
 * behind the ingress, redirects answered to the round rather than followed. Written on a plain socket rather than the
 * JDK's HttpClient for what the warm-up is for: the JIT compiles the service's code for the types and branches it has
 * seen, and a client in the same process that parses JSON with the service's Jackson and queues work on the JDK's
 * executors teaches it shapes no real request has (auth-service's first seconds of traffic then undid 117 compiled
 * methods); the HttpClient also cost a sixth of the warm-up's CPU (bench/RESULTS.md, 2026-11-28).
 */
public final class WarmUpClient implements Closeable {

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);
    /** No read waits longer: generous for a JVM that is still compiling. */
    private static final Duration READ_TIMEOUT = Duration.ofSeconds(30);
    /** An answer's head or body above this is refused: the warm-up's answers are a few kilobytes. */
    private static final int MAX_ANSWER = 4 << 20;
    /** A line of the head (or a chunk's size) above this is refused. */
    private static final int MAX_LINE = 64 << 10;

    private final InetSocketAddress listener;
    private final String host;
    private final Map<Thread, Connection> connections = new ConcurrentHashMap<>();

    /** A client of the listener at {@code listener}'s host and port (plain HTTP). */
    public WarmUpClient(URI listener) {
        this.listener = new InetSocketAddress(listener.getHost(), listener.getPort());
        this.host = listener.getHost() + ":" + listener.getPort();
    }

    /** One request: its method, target (path and query) and headers, and a body for POST. */
    public static final class Request {
        private final String method;
        private final String target;
        private final List<String[]> headers = new ArrayList<>();
        private byte[] body = new byte[0];

        private Request(String method, String target) {
            this.method = method;
            this.target = target;
        }

        public static Request get(String target) {
            return new Request("GET", target);
        }

        public static Request post(String target, String contentType, byte[] body) {
            Request request = new Request("POST", target).header("Content-Type", contentType);
            request.body = body;
            return request;
        }

        public static Request post(String target, String contentType, String body) {
            return post(target, contentType, body.getBytes(StandardCharsets.UTF_8));
        }

        public Request header(String name, String value) {
            headers.add(new String[] {name, value});
            return this;
        }
    }

    /** An answer: its status, its headers (names in lower case, the first value of each) and its body as text. */
    public record Answer(int status, Map<String, String> headers, String body) {

        /** The header's first value, or an empty string. */
        public String header(String name) {
            return headers.getOrDefault(name.toLowerCase(Locale.ROOT), "");
        }

        /**
         * The value of the first JSON member named {@code name} anywhere in the body: a string's characters (escapes
         * kept as sent) or a literal's text ({@code true}, a number); null if there is none. Enough to check the flat
         * answers a warm-up reads, not a JSON parser.
         */
        public String member(String name) {
            String key = '"' + name + '"';
            for (int at = body.indexOf(key); at >= 0; at = body.indexOf(key, at + 1)) {
                int colon = skipSpace(body, at + key.length());
                if (colon >= body.length() || body.charAt(colon) != ':') {
                    continue; // a string value equal to the name, not a member
                }
                int start = skipSpace(body, colon + 1);
                if (start < body.length() && body.charAt(start) == '"') {
                    int end = start + 1;
                    while (end < body.length() && body.charAt(end) != '"') {
                        end += body.charAt(end) == '\\' ? 2 : 1;
                    }
                    return end < body.length() ? body.substring(start + 1, end) : null;
                }
                int end = start;
                while (end < body.length() && ",}] \n\r\t".indexOf(body.charAt(end)) < 0) {
                    end++;
                }
                return end > start ? body.substring(start, end) : null;
            }
            return null;
        }

        private static int skipSpace(String text, int at) {
            while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
                at++;
            }
            return at;
        }
    }

    /**
     * Sends the request on this thread's connection (opened on first use, and again after the server or a failure
     * closed it) and reads the whole answer.
     */
    public Answer send(Request request) throws IOException {
        Connection connection = connections.get(Thread.currentThread());
        if (connection == null || connection.socket.isClosed()) {
            connection = new Connection(listener);
            connections.put(Thread.currentThread(), connection);
        }
        try {
            Answer answer = connection.exchange(request, host);
            if (answer.header("connection").equalsIgnoreCase("close")) {
                connection.close();
            }
            return answer;
        } catch (IOException | RuntimeException e) {
            connection.close();
            throw e;
        }
    }

    /** Closes every connection this client opened, on every thread. */
    @Override
    public void close() {
        connections.values().forEach(Connection::close);
        connections.clear();
    }

    private static final class Connection {
        private final Socket socket = new Socket();
        private final InputStream in;
        private final OutputStream out;

        Connection(InetSocketAddress listener) throws IOException {
            socket.setTcpNoDelay(true);
            socket.connect(listener, (int) CONNECT_TIMEOUT.toMillis());
            socket.setSoTimeout((int) READ_TIMEOUT.toMillis());
            in = new BufferedInputStream(socket.getInputStream());
            out = socket.getOutputStream();
        }

        Answer exchange(Request request, String host) throws IOException {
            StringBuilder head = new StringBuilder(256)
                    .append(request.method)
                    .append(' ')
                    .append(request.target)
                    .append(" HTTP/1.1\r\n")
                    .append("Host: ")
                    .append(host)
                    .append("\r\n");
            for (String[] header : request.headers) {
                head.append(header[0]).append(": ").append(header[1]).append("\r\n");
            }
            if (request.method.equals("POST")) {
                head.append("Content-Length: ").append(request.body.length).append("\r\n");
            }
            head.append("\r\n");
            // One write, as clients' libraries send a small request: the server then reads it whole in one packet.
            byte[] headBytes = head.toString().getBytes(StandardCharsets.ISO_8859_1);
            byte[] whole = Arrays.copyOf(headBytes, headBytes.length + request.body.length);
            System.arraycopy(request.body, 0, whole, headBytes.length, request.body.length);
            out.write(whole);
            out.flush();
            return read(request.method);
        }

        private Answer read(String method) throws IOException {
            String statusLine = line();
            String[] parts = statusLine.split(" ", 3);
            if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
                throw new IOException("not an HTTP/1.1 answer: " + statusLine);
            }
            int status = Integer.parseInt(parts[1]);
            Map<String, String> headers = new LinkedHashMap<>();
            for (String line = line(); !line.isEmpty(); line = line()) {
                int colon = line.indexOf(':');
                if (colon > 0) {
                    headers.putIfAbsent(
                            line.substring(0, colon).trim().toLowerCase(Locale.ROOT),
                            line.substring(colon + 1).trim());
                }
            }
            byte[] body;
            if (method.equals("HEAD") || status == 204 || status == 304 || status / 100 == 1) {
                body = new byte[0];
            } else if (headers.getOrDefault("transfer-encoding", "")
                    .toLowerCase(Locale.ROOT)
                    .contains("chunked")) {
                body = chunked();
            } else if (headers.containsKey("content-length")) {
                body = exactly(Integer.parseInt(headers.get("content-length")));
            } else {
                headers.put("connection", "close"); // the body ends where the connection does
                body = untilClosed();
            }
            return new Answer(status, headers, new String(body, StandardCharsets.UTF_8));
        }

        private byte[] chunked() throws IOException {
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            while (true) {
                String size = line();
                int extension = size.indexOf(';');
                int length = Integer.parseInt((extension < 0 ? size : size.substring(0, extension)).trim(), 16);
                if (length == 0) {
                    while (!line().isEmpty()) {
                        // trailers, ignored
                    }
                    return body.toByteArray();
                }
                body.write(exactly(length));
                line();
            }
        }

        private byte[] exactly(int length) throws IOException {
            if (length < 0 || length > MAX_ANSWER) {
                throw new IOException("answer body of " + length + " bytes");
            }
            byte[] bytes = in.readNBytes(length);
            if (bytes.length < length) {
                throw new EOFException("answer ended after " + bytes.length + " of " + length + " bytes");
            }
            return bytes;
        }

        private byte[] untilClosed() throws IOException {
            byte[] bytes = in.readNBytes(MAX_ANSWER + 1);
            if (bytes.length > MAX_ANSWER) {
                throw new IOException("answer body over " + MAX_ANSWER + " bytes");
            }
            return bytes;
        }

        /** One line of the head, without its CRLF. */
        private String line() throws IOException {
            StringBuilder line = new StringBuilder(64);
            for (int c = in.read(); c != '\n'; c = in.read()) {
                if (c < 0) {
                    throw new EOFException("connection closed mid-answer");
                }
                if (line.length() > MAX_LINE) {
                    throw new IOException("answer line too long");
                }
                if (c != '\r') {
                    line.append((char) c);
                }
            }
            return line.toString();
        }

        void close() {
            try {
                socket.close();
            } catch (IOException e) {
                // closing a socket the warm-up is done with: nothing to do about a failure
            }
        }
    }
}
