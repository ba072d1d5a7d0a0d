package dev.pressroom.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/datastores.sh starts and stops private PostgreSQL and Redis servers from a checkout only its owner can enter,
 * as a root user's checkout under /root or mktemp -d is (the private PostgreSQL then runs as nobody).
 */
class PrivateDatastoresTest {

    @TempDir
    Path temp;

    private Path checkout;
    private int pgPort;
    private int redisPort;

    @AfterEach
    void stopAndRemoveWhatTheTestLeft() throws IOException {
        if (checkout == null) {
            return;
        }
        datastores("down");
        Path pg = checkout.resolve(".local/pg");
        if (Files.isSymbolicLink(pg)) {
            deleteTree(pg.toRealPath());
        }
    }

    @Test
    void upWhenCheckoutIsPrivateThenBothAnswerAndDownStopsThem() throws IOException {
        Path privateFolder = Files.createDirectory(
                temp.resolve("private"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        checkout = copyOfWhatDatastoresNeeds(privateFolder.resolve("checkout"));
        pgPort = freePort();
        redisPort = freePort();

        datastores("up");

        assertThat(Repo.read(checkout.resolve(".local/datastores.env")))
                .contains("PG_PORT=" + pgPort)
                .contains("REDIS_PORT=" + redisPort);
        assertThat(postgresAnswers(pgPort)).as("PostgreSQL on " + pgPort).isTrue();
        assertThat(redisAnswers(redisPort)).as("Redis on " + redisPort).isTrue();
        Path pgFolder = checkout.resolve(".local/pg").toRealPath();
        if (isRoot()) {
            assertThat(pgFolder.startsWith(privateFolder))
                    .as("as root, outside the checkout nobody cannot enter")
                    .isFalse();
            assertThat(Files.getOwner(pgFolder).getName()).isEqualTo("nobody");
        }

        datastores("down");

        assertThat(accepts(pgPort)).as("PostgreSQL stopped").isFalse();
        assertThat(accepts(redisPort)).as("Redis stopped").isFalse();
        assertThat(processesMentioning(List.of(checkout.toString(), pgFolder.toString(), ":" + redisPort)))
                .as("nothing left running")
                .isEmpty();
        assertThat(checkout.resolve(".local/pg/started-by-us")).doesNotExist();
        assertThat(checkout.resolve(".local/redis/started-by-us")).doesNotExist();
    }

    /** The scripts, the Maven Wrapper (to fetch what is missing) and the jars the real checkout already fetched. */
    private static Path copyOfWhatDatastoresNeeds(Path target) throws IOException {
        Files.createDirectories(target.resolve("scripts"));
        for (String file : List.of("scripts/datastores.sh", "scripts/EnsureDatabases.java", "mvnw")) {
            Files.copy(Repo.ROOT.resolve(file), target.resolve(file), StandardCopyOption.COPY_ATTRIBUTES);
        }
        copyTree(Repo.ROOT.resolve(".mvn"), target.resolve(".mvn"));
        copyTree(Repo.ROOT.resolve(".local/cache"), target.resolve(".local/cache"));
        return target;
    }

    private void datastores(String command) {
        List<String> line = new ArrayList<>(List.of("env"));
        // make test exports the datastores it ensured; this test wants private ones, on free ports.
        for (String variable :
                List.of("PG_HOST", "PG_PORT", "PG_USER", "PG_PASSWORD", "REDIS_HOST", "REDIS_PORT", "REDIS_PASSWORD")) {
            line.addAll(List.of("-u", variable));
        }
        line.addAll(List.of("LOCAL_PG_PORT=1", "LOCAL_REDIS_PORT=2"));
        line.addAll(List.of("PRIVATE_PG_PORT=" + pgPort, "PRIVATE_REDIS_PORT=" + redisPort));
        line.addAll(List.of("bash", checkout.resolve("scripts/datastores.sh").toString(), command));
        Repo.run(line);
    }

    /** A PostgreSQL server answers an SSLRequest with one byte: 'S' (TLS on offer) or 'N'. */
    private static boolean postgresAnswers(int port) throws IOException {
        try (Socket socket = connect(port)) {
            DataOutputStream out = new DataOutputStream(socket.getOutputStream());
            out.writeInt(8);
            out.writeInt(80877103);
            out.flush();
            int reply = new DataInputStream(socket.getInputStream()).read();
            return reply == 'N' || reply == 'S';
        }
    }

    private static boolean redisAnswers(int port) throws IOException {
        try (Socket socket = connect(port)) {
            socket.getOutputStream().write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            byte[] reply = socket.getInputStream().readNBytes(7);
            return new String(reply, StandardCharsets.US_ASCII).equals("+PONG\r\n");
        }
    }

    private static boolean accepts(int port) {
        try (Socket socket = connect(port)) {
            return socket.isConnected();
        } catch (IOException refused) {
            return false;
        }
    }

    private static Socket connect(int port) throws IOException {
        Socket socket = new Socket();
        socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 2000);
        socket.setSoTimeout(5000);
        return socket;
    }

    private static List<String> processesMentioning(List<String> needles) {
        return ProcessHandle.allProcesses()
                .map(process -> process.info().commandLine().orElse(""))
                .filter(commandLine -> needles.stream().anyMatch(commandLine::contains))
                .toList();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private boolean isRoot() throws IOException {
        return (int) Files.getAttribute(temp, "unix:uid") == 0;
    }

    private static void copyTree(Path source, Path target) throws IOException {
        if (!Files.isDirectory(source)) {
            return;
        }
        try (Stream<Path> files = Files.walk(source)) {
            for (Path file : files.toList()) {
                Path copy = target.resolve(source.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(copy);
                } else {
                    Files.copy(file, copy, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            List<Path> deepestFirst = new ArrayList<>(files.toList());
            deepestFirst.sort(Comparator.reverseOrder());
            for (Path file : deepestFirst) {
                Files.delete(file);
            }
        }
    }
}
