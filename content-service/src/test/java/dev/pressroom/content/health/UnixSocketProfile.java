package dev.pressroom.content.health;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Map;

/**
 * The reactive pool and the change listener reach PostgreSQL through its Unix domain socket, as a same-host
 * deployment configures it: the socket directory is the test server's own (SHOW unix_socket_directories).
 */
public class UnixSocketProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        String host = System.getenv().getOrDefault("PG_HOST", "127.0.0.1");
        String port = System.getenv().getOrDefault("PG_PORT", "5432");
        String user = System.getenv().getOrDefault("PG_USER", "postgres");
        String password = System.getenv().getOrDefault("PG_PASSWORD", "");
        // The run's own database when one is given (-Dcontent.db.name, as parallel runs do), else the test profile's.
        String database = System.getProperty("content.db.name", "content_test");
        String directories;
        try (Connection c = DriverManager.getConnection(
                        "jdbc:postgresql://" + host + ":" + port + "/" + database, user, password);
                ResultSet r = c.createStatement().executeQuery("SHOW unix_socket_directories")) {
            r.next();
            directories = r.getString(1);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot ask the test PostgreSQL for its socket directories", e);
        }
        String directory = Arrays.stream(directories.split(","))
                .map(String::strip)
                .filter(d -> Files.exists(Path.of(d, ".s.PGSQL." + port)))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException(
                        "the test PostgreSQL has no Unix socket (unix_socket_directories = '" + directories + "')"));
        return Map.of(
                "quarkus.datasource.reactive.url", "postgresql://:" + port + "/" + database + "?host=" + directory);
    }
}
