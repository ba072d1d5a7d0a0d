package dev.pressroom.auth.support;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.Map;

/**
 * Runs the service with its issuer equal to the address tests reach it at, so an OIDC client library can
 * resolve discovery from the issuer itself and check that they match (OIDC Discovery §4.3).
 */
public class IssuerOnTestPortProfile implements QuarkusTestProfile {

    public static final int PORT = freePort("pressroom.auth.test-issuer-port");
    /**
     * The management interface on a fixed port too: Quarkus tags an HTTP server's byte metrics with its port only when
     * it is fixed, and Prometheus refuses one metric with and without the tag, which stops the start.
     */
    private static final int MANAGEMENT_PORT = freePort("pressroom.auth.test-management-port");

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "quarkus.http.test-port",
                Integer.toString(PORT),
                "auth.issuer",
                issuer(),
                "quarkus.oidc.auth-server-url",
                issuer(),
                "quarkus.management.test-port",
                Integer.toString(MANAGEMENT_PORT));
    }

    public static String issuer() {
        return "http://127.0.0.1:" + PORT;
    }

    /** Kept in a system property: the profile and the test class are loaded by different class loaders. */
    private static synchronized int freePort(String property) {
        String chosen = System.getProperty(property);
        if (chosen != null) {
            return Integer.parseInt(chosen);
        }
        try (ServerSocket socket = new ServerSocket(0)) {
            System.setProperty(property, Integer.toString(socket.getLocalPort()));
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
