package dev.pressroom.content.ghost;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.content.api.TestContent;
import dev.pressroom.content.importer.ContentAdmin;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Ghost's official client and helpers, from the npm registry at the versions of the committed lockfile, against the
 * running service: src/test/ghost-client/ghost-client.js makes every browse and read the client offers and compares
 * what a theme reads, byte for byte, with our own routes. npm ci runs once per lockfile (kept in target/).
 */
@QuarkusTest
class GhostClientTest {

    private static final Path SOURCE = Path.of("src/test/ghost-client");
    private static final Path WORK = Path.of("target/ghost-client");

    @Inject
    ContentAdmin admin;

    @TestHTTPResource("/")
    URL server;

    @Test
    void officialClientWhenPointedAtPressroomThenEveryCallAnswersAsOurRoutes() throws Exception {
        TestContent.Loaded demo = TestContent.demo(admin, "ghost-client");
        installClient();

        Result node = run(
                List.of("node", "ghost-client.js"),
                Map.of(
                        "PRESSROOM_BLOG_URL",
                        server.toString().replaceAll("/$", "") + "/api/content/v1/blogs/" + demo.blog(),
                        "PRESSROOM_KEY",
                        demo.key()));

        assertThat(node.output()).contains("CHECKS DONE FAILED 0").doesNotContain("FAIL ");
        assertThat(node.exitCode()).isZero();
        // Every call the client offers was made and compared (a check that never ran would not be listed).
        assertThat(node.output())
                .contains(
                        "ok posts.browse[0]\n",
                        "ok posts.browse meta.pagination",
                        "ok posts.browse pages walked",
                        "ok posts.browse filter",
                        "ok posts.browse fields",
                        "ok posts.browse order[0]",
                        "ok posts.read slug",
                        "ok posts.read id",
                        "ok pages.browse[0]",
                        "ok pages.read slug",
                        "ok tags.browse[0]",
                        "ok tags.read slug",
                        "ok tags.read id",
                        "ok authors.browse[0]",
                        "ok authors.read slug",
                        "ok authors.read id",
                        "ok settings.browse",
                        "ok tiers.browse",
                        "ok newsletters.browse",
                        "ok offers.read",
                        "ok helpers.tags[0]",
                        "ok helpers.tags limit[0]",
                        "ok helpers.readingTime[0]",
                        "ok wrong key");
    }

    /** npm ci from the committed lockfile, skipped when target/ already holds the install of this very lockfile. */
    private static void installClient() throws IOException, InterruptedException {
        Files.createDirectories(WORK);
        byte[] lock = Files.readAllBytes(SOURCE.resolve("package-lock.json"));
        Path installed = WORK.resolve("node_modules/.package-lock.json");
        boolean current = Files.exists(WORK.resolve("package-lock.json"))
                && java.util.Arrays.equals(Files.readAllBytes(WORK.resolve("package-lock.json")), lock)
                && Files.exists(installed);
        for (String file : List.of("package.json", "package-lock.json", "ghost-client.js")) {
            Files.copy(SOURCE.resolve(file), WORK.resolve(file), StandardCopyOption.REPLACE_EXISTING);
        }
        if (!current) {
            Result npm = run(List.of("npm", "ci", "--no-audit", "--no-fund"), Map.of());
            assertThat(npm.exitCode()).as(npm.output()).isZero();
        }
    }

    private record Result(int exitCode, String output) {}

    private static Result run(List<String> command, Map<String, String> env) throws IOException, InterruptedException {
        ProcessBuilder builder =
                new ProcessBuilder(command).directory(WORK.toFile()).redirectErrorStream(true);
        builder.environment().putAll(env);
        Process process = builder.start();
        byte[] output = process.getInputStream().readAllBytes();
        assertThat(process.waitFor(5, TimeUnit.MINUTES)).isTrue();
        return new Result(process.exitValue(), new String(output, StandardCharsets.UTF_8));
    }
}
