package dev.pressroom.kernel.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A service's native executable, started for a test class and stopped after it (scripts/native.sh test): the path in
 * the {@code native.executable} system property, its configuration as environment variables, as a pod passes it.
 * Measures the time from the start to the first ready answer. Without the property the test is skipped, so
 * {@code make test} never needs an executable.
 */
public final class NativeExecutable implements AutoCloseable {

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final Process process;
    private final Path log;
    private final Duration startToReady;

    private NativeExecutable(Process process, Path log, Duration startToReady) {
        this.process = process;
        this.log = log;
        this.startToReady = startToReady;
    }

    /** The executable to test, or a skipped test when none was given. */
    public static Path executable() {
        String path = System.getProperty("native.executable", "");
        assumeTrue(!path.isBlank(), "no native executable given (-Dnative.executable; scripts/native.sh test)");
        Path executable = Path.of(path);
        if (!Files.isExecutable(executable)) {
            throw new IllegalStateException("native.executable is not an executable file: " + executable);
        }
        return executable;
    }

    /**
     * Starts the executable with this environment (added to the test's own) and waits until the management port's
     * readiness check answers 200, at most {@code timeout}.
     */
    public static NativeExecutable start(Map<String, String> environment, int managementPort, Duration timeout) {
        Path executable = executable();
        Path log = executable.resolveSibling(executable.getFileName() + "-test.log");
        ProcessBuilder builder = new ProcessBuilder(executable.toString())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().putAll(environment);
        long started = System.nanoTime();
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        URI ready = URI.create("http://127.0.0.1:" + managementPort + "/q/health/ready");
        long deadline = started + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException(
                        executable.getFileName() + " exited with " + process.exitValue() + ": " + tail(log));
            }
            try {
                HttpResponse<Void> answer =
                        HTTP.send(HttpRequest.newBuilder(ready).build(), HttpResponse.BodyHandlers.discarding());
                if (answer.statusCode() == 200) {
                    return new NativeExecutable(process, log, Duration.ofNanos(System.nanoTime() - started));
                }
            } catch (IOException e) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            sleep(20);
        }
        process.destroyForcibly();
        throw new IllegalStateException(executable.getFileName() + " not ready within " + timeout + ": " + tail(log));
    }

    /** Runs the executable once as a command (an admin or import command); answers what it printed on stdout. */
    public static String run(Map<String, String> environment, Duration timeout, String... args) {
        Path executable = executable();
        java.util.List<String> command = new java.util.ArrayList<>();
        command.add(executable.toString());
        command.addAll(java.util.List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.appendTo(executable
                        .resolveSibling(executable.getFileName() + "-test.log")
                        .toFile()));
        builder.environment().putAll(environment);
        try {
            Process process = builder.start();
            byte[] out = process.getInputStream().readAllBytes();
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(String.join(" ", args) + " did not finish within " + timeout);
            }
            String stdout = new String(out, java.nio.charset.StandardCharsets.UTF_8);
            if (process.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", args) + " exited with " + process.exitValue() + ": "
                        + stdout + tail(executable.resolveSibling(executable.getFileName() + "-test.log")));
            }
            return stdout;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** An environment map in the order given, for readable call sites. */
    public static Map<String, String> env(String... keysAndValues) {
        Map<String, String> env = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            env.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return env;
    }

    public Duration startToReady() {
        return startToReady;
    }

    /** Resident memory of the process now, from /proc (kB). */
    public long rssKb() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + process.pid() + "/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        throw new IllegalStateException("no VmRSS for " + process.pid());
    }

    /** What the executable printed so far. */
    public String output() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * SIGTERM, as Kubernetes stops a pod: the executable must shut Quarkus down ("stopped in") within the timeout and
     * exit with 143 (128 + SIGTERM), as the JVM build does.
     */
    public void stopAsAPod(Duration timeout) {
        process.destroy();
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("did not stop within " + timeout + " of SIGTERM: " + tail(log));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            return;
        }
        if (process.exitValue() != 143 || !output().contains(" stopped in ")) {
            throw new IllegalStateException(
                    "SIGTERM ended with status " + process.exitValue() + " and no orderly shutdown: " + tail(log));
        }
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
        }
    }

    private static String tail(Path log) {
        try {
            String text = Files.readString(log);
            return text.substring(Math.max(0, text.length() - 4000));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
