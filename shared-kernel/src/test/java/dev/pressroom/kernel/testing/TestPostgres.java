package dev.pressroom.kernel.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Map;

/** A JDBC connection to the tests' PostgreSQL, found as the services find it (PG_HOST, PG_PORT, PG_USER, PG_PASSWORD). */
public final class TestPostgres {

    private TestPostgres() {}

    public static Connection connect(String database) throws SQLException {
        Map<String, String> env = System.getenv();
        return DriverManager.getConnection(
                "jdbc:postgresql://" + env.getOrDefault("PG_HOST", "127.0.0.1") + ":"
                        + env.getOrDefault("PG_PORT", "5432") + "/" + database,
                env.getOrDefault("PG_USER", "postgres"),
                env.getOrDefault("PG_PASSWORD", ""));
    }
}
