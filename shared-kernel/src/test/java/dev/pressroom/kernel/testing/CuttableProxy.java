package dev.pressroom.kernel.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP proxy that tests put between a service and one of its datastores, then cut and restore, to show that an
 * outage fails cleanly and that the service recovers by itself. Cutting closes every open connection and refuses
 * new ones until restored; resetting does the same with TCP resets (RST), as a crashed server or a middlebox that
 * dropped the connection answers, which a client sees as "connection reset" rather than a clean close. A partition
 * closes nothing: bytes stop moving both ways and new connections are held unanswered, as when packets are lost,
 * until restored, when what was held is delivered (TCP would retransmit it).
 *
 * <p>A Quarkus test profile starts the proxy while the test itself cuts it, and the two live in different class
 * loaders: the proxy's ports are therefore kept in system properties and it is switched through a small control
 * port, not through static state.
 */
public final class CuttableProxy {

    private static final char UP = '1';
    private static final char CUT = '0';
    private static final char RESET = '2';
    private static final char PARTITION = '3';

    private CuttableProxy() {}

    /** Starts the proxy called {@code name} to {@code targetHost}:{@code targetPort} once per JVM; answers its port. */
    public static synchronized int start(String name, String targetHost, int targetPort) {
        String started = System.getProperty(portProperty(name));
        if (started != null) {
            return Integer.parseInt(started);
        }
        try {
            ServerSocket server = new ServerSocket(0);
            ServerSocket control = new ServerSocket(0);
            Set<Socket> open = ConcurrentHashMap.newKeySet();
            AtomicInteger mode = new AtomicInteger(UP); // written by the control thread, read by the others
            daemon(name + "-proxy", () -> {
                while (!server.isClosed()) {
                    try {
                        Socket client = server.accept();
                        if (mode.get() == PARTITION) {
                            daemon(name + "-proxy-held", () -> {
                                awaitHealed(mode);
                                connect(name, client, targetHost, targetPort, open, mode);
                            });
                        } else {
                            connect(name, client, targetHost, targetPort, open, mode);
                        }
                    } catch (IOException e) {
                        // the server socket closed
                    }
                }
            });
            daemon(name + "-proxy-control", () -> {
                while (!control.isClosed()) {
                    try (Socket c = control.accept()) {
                        synchronized (open) { // no connection can join while the cut sweeps
                            mode.set(c.getInputStream().read());
                            if (mode.get() == CUT || mode.get() == RESET) {
                                open.forEach(socket -> close(socket, (char) mode.get()));
                                open.clear();
                            }
                        }
                        c.getOutputStream().write('k');
                    } catch (IOException e) {
                        // next command
                    }
                }
            });
            System.setProperty(controlProperty(name), Integer.toString(control.getLocalPort()));
            System.setProperty(portProperty(name), Integer.toString(server.getLocalPort()));
            return server.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Closes every connection through the proxy and refuses new ones. */
    public static void cut(String name) {
        send(name, CUT);
    }

    /** Resets every connection through the proxy (RST instead of a close) and resets new ones. */
    public static void reset(String name) {
        send(name, RESET);
    }

    /** Stops every byte both ways and holds new connections, keeping all of them open, until restored. */
    public static void partition(String name) {
        send(name, PARTITION);
    }

    /** Lets connections through again. */
    public static void restore(String name) {
        send(name, UP);
    }

    private static void close(Socket socket, char mode) {
        if (mode == RESET) {
            try {
                socket.setSoLinger(true, 0); // closing now sends RST
            } catch (IOException e) {
                // already closed
            }
        }
        closeQuietly(socket);
    }

    private static void send(String name, char command) {
        String port = System.getProperty(controlProperty(name));
        if (port == null) {
            throw new IllegalStateException("No proxy called " + name + " was started in this JVM");
        }
        try (Socket control = new Socket(InetAddress.getLoopbackAddress(), Integer.parseInt(port))) {
            control.getOutputStream().write(command);
            control.getOutputStream().flush();
            control.getInputStream().read(); // acknowledged once applied
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void connect(
            String name, Socket client, String targetHost, int targetPort, Set<Socket> open, AtomicInteger mode) {
        try {
            Socket target = new Socket(targetHost, targetPort);
            // Checked and joined under the cut's lock: a connection accepted just before a cut, still connecting to
            // the target while the cut swept, would otherwise survive it and carry commands through the outage.
            synchronized (open) {
                if (mode.get() != UP) {
                    closeQuietly(target);
                    close(client, (char) mode.get());
                    return;
                }
                open.add(client);
                open.add(target);
            }
            pump(name, client.getInputStream(), target.getOutputStream(), client, target, mode);
            pump(name, target.getInputStream(), client.getOutputStream(), client, target, mode);
        } catch (IOException e) {
            closeQuietly(client); // a failed connection only affects that connection
        }
    }

    private static void awaitHealed(AtomicInteger mode) {
        while (mode.get() == PARTITION) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static void pump(String name, InputStream in, OutputStream out, Socket a, Socket b, AtomicInteger mode) {
        daemon(name + "-proxy-pump", () -> {
            byte[] buffer = new byte[16384];
            try {
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    awaitHealed(mode);
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException e) {
                // connection cut
            }
            closeQuietly(a);
            closeQuietly(b);
        });
    }

    private static void daemon(String threadName, Runnable body) {
        Thread thread = new Thread(body, threadName);
        thread.setDaemon(true);
        thread.start();
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    private static String portProperty(String name) {
        return "pressroom.test-proxy." + name + ".port";
    }

    private static String controlProperty(String name) {
        return "pressroom.test-proxy." + name + ".control";
    }
}
