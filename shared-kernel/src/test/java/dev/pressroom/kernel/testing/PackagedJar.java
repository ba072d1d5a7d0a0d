package dev.pressroom.kernel.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The module's packaged service ({@code target/quarkus-app/quarkus-run.jar}, built by {@code package} before
 * failsafe's integration tests) run as a container runs it: {@code java -jar}, in the prod profile, configured by
 * environment variables alone. For what only the real start shows (init-and-exit, the main class).
 */
public final class PackagedJar {

    private PackagedJar() {}

    /** What one run did: its exit status and everything it printed. */
    public record Run(int exitCode, String output) {}

    /** Runs the jar with this environment (added to the test's own) until it exits, at most {@code timeout}. */
    public static Run run(Map<String, String> environment, Duration timeout) {
        Path jar = Path.of("target", "quarkus-app", "quarkus-run.jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("no packaged service at " + jar.toAbsolutePath() + " (mvn package first)");
        }
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        ProcessBuilder builder = new ProcessBuilder(java.toString(), "-jar", jar.toString()).redirectErrorStream(true);
        builder.environment().putAll(environment);
        try {
            Path log = Files.createTempFile("packaged-jar", ".log");
            builder.redirectOutput(log.toFile());
            Process process = builder.start();
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor();
                throw new IllegalStateException("the service did not exit within " + timeout + ":\n"
                        + Files.readString(log, StandardCharsets.UTF_8));
            }
            String output = Files.readString(log, StandardCharsets.UTF_8);
            Files.delete(log);
            return new Run(process.exitValue(), output);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * What deploy/ does before a rollout, with {@code QUARKUS_INIT_AND_EXIT} added to {@code environment}: the
     * wait-for-migrations init container ({@code QUARKUS_FLYWAY_VALIDATE_AT_START}) exits non-zero on a new database,
     * so a pod waits; the migration Job ({@code migrateVariable}=true) migrates it and exits 0; the init container
     * then exits 0, so the pod starts. On a fresh database of this name.
     */
    public static void assertRolloutStarts(String database, Map<String, String> environment, String migrateVariable) {
        recreateDatabase(database);
        Map<String, String> init = new java.util.HashMap<>(environment);
        init.put("QUARKUS_INIT_AND_EXIT", "true");
        Map<String, String> validate = new java.util.HashMap<>(init);
        validate.put("QUARKUS_FLYWAY_VALIDATE_AT_START", "true");
        Map<String, String> migrate = new java.util.HashMap<>(init);
        migrate.put(migrateVariable, "true");
        Duration timeout = Duration.ofMinutes(3);

        Run waiting = run(validate, timeout);
        assertThat(waiting.exitCode()).as(waiting.output()).isNotZero();
        Run job = run(migrate, timeout);
        assertThat(job.exitCode()).as(job.output()).isZero();
        assertThat(count(database, "SELECT count(*) FROM flyway_schema_history WHERE success"))
                .isPositive();
        Run ready = run(validate, timeout);
        assertThat(ready.exitCode()).as(ready.output()).isZero();
    }

    /** A new, empty database of this name on the test PostgreSQL (PG_HOST, PG_PORT, PG_USER as the services read). */
    public static void recreateDatabase(String name) {
        execute("postgres", List.of("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)", "CREATE DATABASE " + name));
    }

    /** The number of rows the query's first column counts, on that database. */
    public static long count(String database, String query) {
        try (Connection c = TestPostgres.connect(database);
                Statement s = c.createStatement();
                var r = s.executeQuery(query)) {
            r.next();
            return r.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void execute(String database, List<String> statements) {
        try (Connection c = TestPostgres.connect(database);
                Statement s = c.createStatement()) {
            for (String statement : statements) {
                s.execute(statement);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
