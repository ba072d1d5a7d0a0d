package dev.pressroom.auth.support;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Puts a TCP proxy that tests can cut between the service and Redis, to show that Redis outages fail closed
 * and recover by themselves. The test switches it through a small control port (its number in a system
 * property), because the profile and the test class live in different class loaders.
 */
public class RedisProxyProfile implements QuarkusTestProfile {

    private static final String PORT = "pressroom.auth.test-redis-proxy-port";
    private static final String CONTROL = "pressroom.auth.test-redis-proxy-control";

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("quarkus.redis.hosts", "redis://127.0.0.1:" + start() + "/12", "quarkus.redis.timeout", "2s");
    }

    public static void cut() {
        send('0');
    }

    public static void restore() {
        send('1');
    }

    private static void send(char command) {
        try (Socket control = new Socket("127.0.0.1", Integer.parseInt(System.getProperty(CONTROL)))) {
            control.getOutputStream().write(command);
            control.getOutputStream().flush();
            control.getInputStream().read(); // acknowledged once applied
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static synchronized int start() {
        if (System.getProperty(PORT) != null) {
            return Integer.parseInt(System.getProperty(PORT));
        }
        try {
            ServerSocket server = new ServerSocket(0);
            Set<Socket> open = ConcurrentHashMap.newKeySet();
            boolean[] enabled = {true}; // written by the control thread, read by the acceptor
            Thread acceptor = new Thread(() -> {
                while (!server.isClosed()) {
                    try {
                        Socket client = server.accept();
                        if (!enabled[0]) {
                            client.close();
                            continue;
                        }
                        Socket redis = new Socket("127.0.0.1", Integer.parseInt(System.getenv().getOrDefault("REDIS_PORT", "6379")));
                        open.add(client);
                        open.add(redis);
                        pump(client.getInputStream(), redis.getOutputStream(), client, redis);
                        pump(redis.getInputStream(), client.getOutputStream(), client, redis);
                    } catch (IOException e) {
                        // a failed connection only affects that connection
                    }
                }
            }, "redis-proxy");
            acceptor.setDaemon(true);
            acceptor.start();
            ServerSocket control = new ServerSocket(0);
            Thread controller = new Thread(() -> {
                while (!control.isClosed()) {
                    try (Socket c = control.accept()) {
                        int command = c.getInputStream().read();
                        enabled[0] = command == '1';
                        if (!enabled[0]) {
                            open.forEach(RedisProxyProfile::closeQuietly);
                            open.clear();
                        }
                        c.getOutputStream().write('k');
                    } catch (IOException e) {
                        // next command
                    }
                }
            }, "redis-proxy-control");
            controller.setDaemon(true);
            controller.start();
            System.setProperty(CONTROL, Integer.toString(control.getLocalPort()));
            System.setProperty(PORT, Integer.toString(server.getLocalPort()));
            return server.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void pump(InputStream in, OutputStream out, Socket a, Socket b) {
        Thread t = new Thread(() -> {
            byte[] buffer = new byte[16384];
            try {
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException e) {
                // connection cut
            }
            closeQuietly(a);
            closeQuietly(b);
        }, "redis-proxy-pump");
        t.setDaemon(true);
        t.start();
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // already closed
        }
    }
}
