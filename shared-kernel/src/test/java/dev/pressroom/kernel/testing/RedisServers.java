package dev.pressroom.kernel.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Private redis-server processes on loopback ports for the tests that need a Redis of another shape than the
 * machine's: a three-node cluster, or one with the deployment's ACL users. The binary is REDIS_SERVER_BIN (set by
 * make test, which may have fetched one) or redis-server on the PATH. The processes end with the test JVM.
 */
public final class RedisServers {

    /** The dev Redis of the deployment, from a service module's directory (the tests' working directory). */
    private static final Path DEPLOYED_REDIS = Path.of("../deploy/components/datastores/redis.yaml");

    private RedisServers() {}

    /** Starts a redis-server with these extra arguments on a free port; answers the port once it answers PING. */
    public static int start(String name, List<String> arguments) {
        try {
            int port;
            try (ServerSocket probe = new ServerSocket(0)) {
                port = probe.getLocalPort();
            }
            Path dir = Files.createTempDirectory("pressroom-" + name + "-");
            List<String> command = new ArrayList<>(List.of(
                    binary(),
                    "--port",
                    Integer.toString(port),
                    "--bind",
                    "127.0.0.1",
                    "--save",
                    "",
                    "--appendonly",
                    "no",
                    "--dir",
                    dir.toString()));
            command.addAll(arguments);
            Process process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(dir.resolve("server.log").toFile())
                    .start();
            Runtime.getRuntime().addShutdownHook(new Thread(process::destroy));
            for (int i = 0; i < 100; i++) {
                if (answers(port)) {
                    return port;
                }
                Thread.sleep(50);
            }
            throw new IllegalStateException(
                    "redis-server " + name + " did not start: " + Files.readString(dir.resolve("server.log")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * Sends one command as the default user; answers a status, error or integer reply as its line ("+OK", "-ERR ...",
     * ":1") and a bulk reply as its text.
     */
    public static String call(int port, String... words) {
        return send(port, List.of(words));
    }

    /** The same, signed in as an ACL user first. */
    public static String callAs(int port, String user, String password, String... words) {
        return send(port, List.of("AUTH", user, password), List.of(words));
    }

    /**
     * For {@code @EnabledIf}: whether this redis-server has TLS; where it has none the test is disabled, and fails under
     * CI=true ({@link Prerequisites}).
     */
    public static boolean tlsAvailable() {
        return Prerequisites.available(
                supportsTls(),
                "this redis-server (" + binary()
                        + ") was built without TLS: make deps installs Debian's, which has it");
    }

    /**
     * Whether the binary was built with TLS (Debian's is; a build without it refuses the tls-port directive), for
     * the tests of rediss to run only where they can.
     */
    private static boolean supportsTls() {
        try {
            Process process = new ProcessBuilder(binary(), "--port", "0", "--tls-port", "0")
                    .redirectErrorStream(true)
                    .start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            process.waitFor();
            return !output.contains("Bad directive");
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Starts a redis-server with the users the deployment gives Redis (the --requirepass and --user arguments of
     * deploy/components/datastores/redis.yaml: the default user needs a password), each $(VARIABLE) in them
     * replaced from {@code secrets}.
     */
    public static int startWithDeployedUsers(String name, Map<String, String> secrets) {
        List<String> users = new ArrayList<>();
        boolean inUser = false;
        try {
            for (String line : Files.readAllLines(DEPLOYED_REDIS)) {
                String item = line.strip();
                if (!item.startsWith("- ")) {
                    inUser = false;
                    continue;
                }
                String value = item.substring(2).replaceAll("^\"|\"$", "");
                if (value.startsWith("--")) {
                    inUser = value.equals("--user") || value.equals("--requirepass");
                }
                if (inUser) {
                    for (Map.Entry<String, String> secret : secrets.entrySet()) {
                        value = value.replace("$(" + secret.getKey() + ")", secret.getValue());
                    }
                    users.add(value);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (users.isEmpty()) {
            throw new IllegalStateException("No --user arguments in " + DEPLOYED_REDIS.toAbsolutePath());
        }
        return start(name, users);
    }

    /** Sends the commands on one connection; answers the last one's reply. */
    @SafeVarargs
    public static String send(int port, List<String>... commands) {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            StringBuilder request = new StringBuilder();
            for (List<String> words : commands) {
                request.append('*').append(words.size()).append("\r\n");
                for (String word : words) {
                    request.append('$')
                            .append(word.getBytes(StandardCharsets.UTF_8).length)
                            .append("\r\n")
                            .append(word)
                            .append("\r\n");
                }
            }
            socket.getOutputStream().write(request.toString().getBytes(StandardCharsets.UTF_8));
            InputStream in = socket.getInputStream();
            String reply = null;
            for (int i = 0; i < commands.length; i++) {
                reply = readReply(in);
            }
            return reply;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String readReply(InputStream in) throws IOException {
        String reply = readLine(in);
        if (!reply.startsWith("$") || reply.equals("$-1")) {
            return reply;
        }
        String text = new String(in.readNBytes(Integer.parseInt(reply.substring(1))), StandardCharsets.UTF_8);
        readLine(in);
        return text;
    }

    private static boolean answers(int port) {
        try {
            String reply = call(port, "PING");
            return reply.equals("+PONG") || reply.startsWith("-NOAUTH");
        } catch (UncheckedIOException e) {
            return false;
        }
    }

    private static String readLine(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        int c;
        while ((c = in.read()) != -1 && c != '\n') {
            if (c != '\r') {
                line.append((char) c);
            }
        }
        return line.toString();
    }

    private static String binary() {
        String configured = System.getenv("REDIS_SERVER_BIN");
        return configured == null || configured.isBlank() ? "redis-server" : configured;
    }
}
