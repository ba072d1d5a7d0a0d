package dev.pressroom.kernel.outbound;

import dev.pressroom.kernel.outbound.OutboundException.Outcome;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;

/**
 * HTTP GET and form POST to URLs that someone else chose (a registering client's {@code jwks_uri}, its back-channel
 * logout endpoint, a CDN purge hook), bounded so that such a URL cannot hurt us: https only, a public address only
 * ({@link OutboundAddresses}), checked after DNS resolution and then pinned, i.e. the connection goes to the very
 * address that was checked, so a name that answers differently a moment later (DNS rebinding) changes nothing;
 * TLS still verifies the certificate for the host name. A time limit to connect and one for the whole answer
 * (a server that drips a byte a second is cut too), a size limit on the answer, and no redirects followed.
 *
 * <p>Plain HTTP/1.1 over a socket, one request per connection: the JDK's HttpClient resolves names itself and
 * cannot be pinned. Blocking: call it from a worker thread, never from an event loop. Each call is counted in
 * {@code pressroom_outbound_requests_total} by purpose and {@link Outcome}.
 */
public final class BoundedHttp {

    /** Resolves a host name; the system resolver in production, a fixed answer in tests. */
    @FunctionalInterface
    public interface Resolver {
        InetAddress[] resolve(String host) throws UnknownHostException;
    }

    /**
     * How long and how much one call may take.
     *
     * @param allowLoopback lets calls reach loopback addresses, over http too: for receivers on this machine in tests
     *     and local development only; off in production
     */
    public record Limits(Duration connectTimeout, Duration answerTimeout, int maxAnswerBytes, boolean allowLoopback) {}

    /** A complete answer, whatever its status; the body read as UTF-8. */
    public record Answer(int status, String contentType, String body) {

        public boolean ok() {
            return status >= 200 && status < 300;
        }
    }

    private static final int MAX_HEADER_BYTES = 16 * 1024;
    private static final int MAX_HEADERS = 100;

    private final Limits limits;
    private final Resolver resolver;
    private final SSLSocketFactory tls;
    private final MeterRegistry meters;
    private final String purpose;

    public BoundedHttp(Limits limits, Resolver resolver, SSLSocketFactory tls, MeterRegistry meters, String purpose) {
        this.limits = limits;
        this.resolver = resolver;
        this.tls = tls;
        this.meters = meters;
        this.purpose = purpose;
    }

    /** With the system resolver and the JVM's default trust store. */
    public static BoundedHttp of(Limits limits, MeterRegistry meters, String purpose) {
        return new BoundedHttp(
                limits, InetAddress::getAllByName, (SSLSocketFactory) SSLSocketFactory.getDefault(), meters, purpose);
    }

    /**
     * Why a URL cannot be called, before any resolution: not absolute https (http only for loopback when allowed),
     * user info, a fragment. For registration, so that a client hears at once what is wrong.
     */
    public Optional<String> uriProblem(URI uri) {
        if (uri == null || !uri.isAbsolute() || uri.getHost() == null || uri.isOpaque()) {
            return Optional.of("must be an absolute https URL");
        }
        String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("https") && !(scheme.equals("http") && limits.allowLoopback())) {
            return Optional.of("must use https");
        }
        if (uri.getRawUserInfo() != null) {
            return Optional.of("must not contain user information");
        }
        if (uri.getRawFragment() != null) {
            return Optional.of("must not contain a fragment");
        }
        return Optional.empty();
    }

    /** Why a URL cannot be called: {@link #uriProblem}, then any address its host resolves to that is not public. */
    public Optional<String> addressProblem(URI uri) {
        try {
            target(uri);
            return Optional.empty();
        } catch (OutboundException e) {
            return Optional.of(e.getMessage());
        }
    }

    public Answer get(URI uri, String accept) throws OutboundException {
        return exchange(uri, "GET", accept, null, Map.of(), null);
    }

    public Answer postForm(URI uri, String form) throws OutboundException {
        return post(uri, "application/x-www-form-urlencoded", Map.of(), form);
    }

    /**
     * A POST of {@code body} as {@code contentType} with extra request header fields (an API's token, a purge's
     * keys). A name or value that could end its line (CR, LF, NUL) is refused: it would smuggle in another field.
     */
    public Answer post(URI uri, String contentType, Map<String, String> headers, String body) throws OutboundException {
        return exchange(uri, "POST", "*/*", contentType, headers, body);
    }

    private Answer exchange(
            URI uri, String method, String accept, String contentType, Map<String, String> headers, String body)
            throws OutboundException {
        try {
            checkFields(headers);
            Answer answer = call(uri, method, accept, contentType, headers, body);
            count(answer.ok() ? Outcome.OK : Outcome.STATUS);
            return answer;
        } catch (OutboundException e) {
            count(e.outcome());
            throw e;
        }
    }

    /** RFC 9110 §5.5: a field value holds no CR, LF or NUL; a name is a token. */
    private static void checkFields(Map<String, String> headers) throws OutboundException {
        for (Map.Entry<String, String> field : headers.entrySet()) {
            if (!field.getKey().matches("[!#$%&'*+.^_`|~0-9A-Za-z-]+")
                    || field.getValue().chars().anyMatch(c -> c == '\r' || c == '\n' || c == 0)) {
                throw new OutboundException(Outcome.REFUSED, "a request header field is malformed");
            }
        }
    }

    private void count(Outcome outcome) {
        meters.counter("pressroom.outbound.requests", "purpose", purpose, "outcome", outcome.label())
                .increment();
    }

    private Answer call(
            URI uri, String method, String accept, String contentType, Map<String, String> headers, String body)
            throws OutboundException {
        InetAddress address = target(uri);
        boolean https = uri.getScheme().equalsIgnoreCase("https");
        if (!https && !address.isLoopbackAddress()) {
            throw new OutboundException(Outcome.REFUSED, "plain http is allowed to loopback addresses only");
        }
        int port = uri.getPort() > 0 ? uri.getPort() : https ? 443 : 80;
        long deadline = System.nanoTime() + limits.answerTimeout().toNanos();
        try (Socket socket = connect(address, port, hostOf(uri), https)) {
            OutputStream out = socket.getOutputStream();
            out.write(request(uri, method, accept, contentType, headers, body));
            out.flush();
            return read(new BufferedInputStream(new DeadlineInput(socket, deadline)));
        } catch (SocketTimeoutException e) {
            throw new OutboundException(Outcome.TIMEOUT, "no answer within the time allowed", e);
        } catch (OutboundException e) {
            throw e;
        } catch (IOException e) {
            throw new OutboundException(
                    Outcome.ERROR, "the call failed: " + e.getClass().getSimpleName(), e);
        }
    }

    /** The one address to connect to, after checking the URL and every address its host resolves to. */
    private InetAddress target(URI uri) throws OutboundException {
        Optional<String> problem = uriProblem(uri);
        if (problem.isPresent()) {
            throw new OutboundException(Outcome.REFUSED, "the URL " + problem.get());
        }
        InetAddress[] addresses;
        try {
            addresses = resolver.resolve(hostOf(uri));
        } catch (UnknownHostException e) {
            throw new OutboundException(Outcome.ERROR, "the host does not resolve", e);
        }
        if (addresses == null || addresses.length == 0) {
            throw new OutboundException(Outcome.ERROR, "the host does not resolve");
        }
        // Every address must pass: a name that also answers with a private one is refused outright.
        for (InetAddress address : addresses) {
            Optional<String> refusal = OutboundAddresses.refusal(address, limits.allowLoopback());
            if (refusal.isPresent()) {
                throw new OutboundException(
                        Outcome.REFUSED,
                        "the host resolves to " + address.getHostAddress() + ", which " + refusal.get());
            }
        }
        return addresses[0];
    }

    /** The host without the brackets of an IPv6 literal. */
    private static String hostOf(URI uri) {
        String host = uri.getHost();
        return host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
    }

    private Socket connect(InetAddress address, int port, String host, boolean https) throws IOException {
        Socket socket = new Socket();
        try {
            socket.connect(new InetSocketAddress(address, port), (int)
                    limits.connectTimeout().toMillis());
            socket.setSoTimeout((int) limits.answerTimeout().toMillis());
            if (!https) {
                return socket;
            }
            SSLSocket tlsSocket = (SSLSocket) tls.createSocket(socket, host, port, true);
            SSLParameters parameters = tlsSocket.getSSLParameters();
            parameters.setEndpointIdentificationAlgorithm("HTTPS"); // the certificate must name the host, not the IP
            if (!host.contains(":") && !Character.isDigit(host.charAt(host.length() - 1))) {
                parameters.setServerNames(List.of(new SNIHostName(host)));
            }
            tlsSocket.setSSLParameters(parameters);
            tlsSocket.startHandshake();
            return tlsSocket;
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    private static byte[] request(
            URI uri, String method, String accept, String contentType, Map<String, String> headers, String body) {
        String target = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        if (uri.getRawQuery() != null) {
            target += "?" + uri.getRawQuery();
        }
        byte[] content = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        StringBuilder head = new StringBuilder()
                .append(method)
                .append(' ')
                .append(target)
                .append(" HTTP/1.1\r\n")
                .append("Host: ")
                .append(uri.getRawAuthority())
                .append("\r\n")
                .append("User-Agent: Pressroom\r\n")
                .append("Accept: ")
                .append(accept)
                .append("\r\n")
                .append("Connection: close\r\n");
        headers.forEach(
                (name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
        if (contentType != null) {
            head.append("Content-Type: ").append(contentType).append("\r\n");
            head.append("Content-Length: ").append(content.length).append("\r\n");
        }
        head.append("\r\n");
        byte[] headBytes = head.toString().getBytes(StandardCharsets.ISO_8859_1);
        byte[] all = new byte[headBytes.length + content.length];
        System.arraycopy(headBytes, 0, all, 0, headBytes.length);
        System.arraycopy(content, 0, all, headBytes.length, content.length);
        return all;
    }

    private Answer read(InputStream in) throws IOException {
        String statusLine = line(in);
        String[] parts = statusLine.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
            throw new OutboundException(Outcome.ERROR, "not an HTTP/1.x answer");
        }
        int status;
        try {
            status = Integer.parseInt(parts[1]);
        } catch (NumberFormatException e) {
            throw new OutboundException(Outcome.ERROR, "not an HTTP/1.x answer");
        }
        String contentType = null;
        long length = -1;
        boolean chunked = false;
        for (int i = 0; ; i++) {
            String line = line(in);
            if (line.isEmpty()) {
                break;
            }
            if (i == MAX_HEADERS) {
                throw new OutboundException(Outcome.TOO_LARGE, "too many header lines");
            }
            int colon = line.indexOf(':');
            if (colon <= 0) {
                throw new OutboundException(Outcome.ERROR, "a malformed header line");
            }
            String name = line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
            String value = line.substring(colon + 1).trim();
            switch (name) {
                case "content-type" -> contentType = value;
                case "content-length" -> length = parseLength(value);
                case "transfer-encoding" ->
                    chunked = value.toLowerCase(Locale.ROOT).contains("chunked");
                default -> {}
            }
        }
        byte[] body = chunked ? readChunked(in) : length >= 0 ? readExactly(in, length) : readToEnd(in);
        return new Answer(status, contentType, new String(body, StandardCharsets.UTF_8));
    }

    private static long parseLength(String value) throws OutboundException {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new OutboundException(Outcome.ERROR, "a malformed Content-Length");
        }
    }

    private byte[] readExactly(InputStream in, long length) throws IOException {
        if (length > limits.maxAnswerBytes()) {
            throw tooLarge();
        }
        byte[] body = in.readNBytes((int) length);
        if (body.length != length) {
            throw new OutboundException(Outcome.ERROR, "the answer ended early");
        }
        return body;
    }

    private byte[] readToEnd(InputStream in) throws IOException {
        byte[] body = in.readNBytes(limits.maxAnswerBytes() + 1);
        if (body.length > limits.maxAnswerBytes()) {
            throw tooLarge();
        }
        return body;
    }

    /** RFC 9112 §7.1; chunk extensions and trailers are read and ignored. */
    private byte[] readChunked(InputStream in) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            String sizeLine = line(in);
            int semicolon = sizeLine.indexOf(';');
            long size;
            try {
                size = Long.parseLong((semicolon < 0 ? sizeLine : sizeLine.substring(0, semicolon)).trim(), 16);
            } catch (NumberFormatException e) {
                throw new OutboundException(Outcome.ERROR, "a malformed chunk");
            }
            if (size == 0) {
                while (!line(in).isEmpty()) {
                    // trailer fields
                }
                return body.toByteArray();
            }
            if (size < 0 || body.size() + size > limits.maxAnswerBytes()) {
                throw tooLarge();
            }
            body.write(readExactly(in, size));
            line(in);
        }
    }

    /** A header or chunk line without its CRLF, of at most 16 KiB. */
    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) != '\n') {
            if (b < 0) {
                throw new OutboundException(Outcome.ERROR, "the answer ended early");
            }
            if (line.size() == MAX_HEADER_BYTES) {
                throw new OutboundException(Outcome.TOO_LARGE, "a header line is too long");
            }
            line.write(b);
        }
        String text = line.toString(StandardCharsets.ISO_8859_1);
        return text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
    }

    private OutboundException tooLarge() {
        return new OutboundException(
                Outcome.TOO_LARGE, "the answer is larger than " + limits.maxAnswerBytes() + " bytes");
    }

    /** The socket's input, cut when the deadline for the whole answer passes, however slowly bytes arrive. */
    private static final class DeadlineInput extends InputStream {

        private final Socket socket;
        private final InputStream in;
        private final long deadline;

        DeadlineInput(Socket socket, long deadline) throws IOException {
            this.socket = socket;
            this.in = socket.getInputStream();
            this.deadline = deadline;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new SocketTimeoutException("answer deadline passed");
            }
            socket.setSoTimeout((int) Math.max(1, Duration.ofNanos(left).toMillis()));
            return in.read(buffer, offset, length);
        }
    }
}
