package dev.pressroom.auth.support;

import dev.pressroom.kernel.testing.RedisServers;
import io.quarkus.test.junit.QuarkusTestProfile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * auth-service reaching a Redis of its own over TLS (rediss), as the prod overlay does: the server's certificate
 * is signed by a test CA the service trusts and names the address it is reached at, 127.0.0.1.
 */
public class RedisTlsProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        Path dir = certificates();
        return Map.of(
                "REDIS_SCHEME",
                "rediss",
                "REDIS_HOST",
                "127.0.0.1",
                "REDIS_PORT",
                Integer.toString(tlsPort(dir)),
                "quarkus.redis.tls.trust-certificate-pem.certs",
                dir.resolve("ca.crt").toString());
    }

    /** The name the server's certificate gives: the right one here. */
    protected String subjectAltName() {
        return "IP:127.0.0.1";
    }

    private int tlsPort(Path dir) {
        String property = "pressroom.test.redis-tls." + getClass().getSimpleName();
        String started = System.getProperty(property);
        if (started == null) {
            int port = freePort();
            RedisServers.start(
                    "tls",
                    List.of(
                            "--tls-port",
                            Integer.toString(port),
                            "--tls-cert-file",
                            dir.resolve("server.crt").toString(),
                            "--tls-key-file",
                            dir.resolve("server.key").toString(),
                            "--tls-ca-cert-file",
                            dir.resolve("ca.crt").toString(),
                            "--tls-auth-clients",
                            "no"));
            started = Integer.toString(port);
            System.setProperty(property, started);
        }
        return Integer.parseInt(started);
    }

    /** A test CA and a server certificate it signed for {@link #subjectAltName()}, made by openssl. */
    private Path certificates() {
        try {
            Path dir = Files.createTempDirectory("pressroom-redis-tls-");
            Files.writeString(dir.resolve("san.ext"), "subjectAltName=" + subjectAltName() + "\n");
            openssl(
                    dir,
                    "req",
                    "-x509",
                    "-newkey",
                    "rsa:2048",
                    "-nodes",
                    "-keyout",
                    "ca.key",
                    "-out",
                    "ca.crt",
                    "-subj",
                    "/CN=Pressroom test CA",
                    "-days",
                    "1");
            openssl(
                    dir,
                    "req",
                    "-newkey",
                    "rsa:2048",
                    "-nodes",
                    "-keyout",
                    "server.key",
                    "-out",
                    "server.csr",
                    "-subj",
                    "/CN=redis");
            openssl(
                    dir,
                    "x509",
                    "-req",
                    "-in",
                    "server.csr",
                    "-CA",
                    "ca.crt",
                    "-CAkey",
                    "ca.key",
                    "-CAcreateserial",
                    "-out",
                    "server.crt",
                    "-days",
                    "1",
                    "-extfile",
                    "san.ext");
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void openssl(Path dir, String... arguments) throws IOException {
        List<String> command = new java.util.ArrayList<>(List.of("openssl"));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("openssl.log").toFile())
                .start();
        try {
            if (process.waitFor() != 0) {
                throw new IllegalStateException("openssl failed: " + Files.readString(dir.resolve("openssl.log")));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static int freePort() {
        try (ServerSocket probe = new ServerSocket(0)) {
            return probe.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The same server, but its certificate names another host: the service must refuse to talk to it. */
    public static class WrongName extends RedisTlsProfile {
        @Override
        protected String subjectAltName() {
            return "DNS:redis.other.example";
        }
    }
}
