import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Properties;

/**
 * Creates the project's databases when they are missing: `java -cp postgresql.jar scripts/EnsureDatabases.java NAME...`;
 * with `--recreate` first, drops them before (a benchmark's scratch database, empty for each run).
 * A JDK is all a fresh machine is sure to have (no psql), so this speaks to PostgreSQL through pgjdbc.
 * Connection settings come from PG_HOST, PG_PORT, PG_USER and PG_PASSWORD.
 */
public class EnsureDatabases {

    public static void main(String[] args) throws SQLException {
        boolean recreate = args.length > 0 && args[0].equals("--recreate");
        String[] names = recreate ? Arrays.copyOfRange(args, 1, args.length) : args;
        String url = "jdbc:postgresql://" + env("PG_HOST", "127.0.0.1") + ":" + env("PG_PORT", "5432") + "/postgres";
        Properties login = new Properties();
        login.setProperty("user", env("PG_USER", "postgres"));
        login.setProperty("password", env("PG_PASSWORD", ""));
        login.setProperty("connectTimeout", "5");
        try (Connection connection = DriverManager.getConnection(url, login)) {
            for (String name : names) {
                if (!name.matches("[a-z][a-z0-9_]{0,62}")) {
                    throw new IllegalArgumentException("not a database name this project uses: " + name);
                }
                if (recreate) {
                    try (Statement drop = connection.createStatement()) {
                        drop.execute("DROP DATABASE IF EXISTS \"" + name + "\"");
                    }
                }
                if (!exists(connection, name)) {
                    try (Statement create = connection.createStatement()) {
                        create.execute("CREATE DATABASE \"" + name + "\"");
                    }
                    System.err.println("created database " + name);
                }
            }
        }
    }

    private static boolean exists(Connection connection, String name) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
            query.setString(1, name);
            try (ResultSet rows = query.executeQuery()) {
                return rows.next();
            }
        }
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isEmpty() ? fallback : value;
    }
}
