package dev.pressroom.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** deploy/dev-secrets.sh writes every file the dev overlay's secretGenerator reads, in the shape its example shows. */
class DevSecretsTest {

    private static final Path EXAMPLES = Repo.DEPLOY.resolve("overlays/dev/secrets");

    // One run for all checks: generating the RSA key through the Java source launcher takes seconds.
    @TempDir
    static Path secrets;

    @BeforeAll
    static void generateOnce() {
        generate();
    }

    @Test
    void devSecretsWhenRunThenEveryExampleHasARealFileWithTheSameKeysAndFreshValues() {
        for (Path example : examples()) {
            if (!example.toString().endsWith(".env.example")) {
                continue;
            }
            Path real = secrets.resolve(EXAMPLES.relativize(example).toString().replaceFirst("\\.example$", ""));
            Map<String, String> written = envFile(real);
            assertThat(written.keySet())
                    .as(real.toString())
                    .containsExactlyInAnyOrderElementsOf(envFile(example).keySet());
            assertThat(written.values())
                    .as(real.toString())
                    .allSatisfy(value -> assertThat(value).isNotBlank().doesNotContain("change-me"));
        }
    }

    @Test
    void devSecretsWhenRunThenSigningKeyIsAnRsaPkcs8Pem() throws Exception {
        String pem = Repo.read(secrets.resolve("signing-keys/dev-1.pem"));
        byte[] der = Base64.getMimeDecoder().decode(pem.replaceAll("-----(BEGIN|END) PRIVATE KEY-----", ""));
        var key = KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(der));

        assertThat(pem).startsWith("-----BEGIN PRIVATE KEY-----\n");
        assertThat(((RSAPrivateCrtKey) key).getModulus().bitLength()).isEqualTo(2048);
    }

    @Test
    void devSecretsWhenRunAgainThenKeepsWhatExists() {
        String env = Repo.read(secrets.resolve("content-service.env"));
        String key = Repo.read(secrets.resolve("signing-keys/dev-1.pem"));

        generate();

        assertThat(Repo.read(secrets.resolve("content-service.env"))).isEqualTo(env);
        assertThat(Repo.read(secrets.resolve("signing-keys/dev-1.pem"))).isEqualTo(key);
    }

    private static void generate() {
        Repo.run(List.of(
                "env",
                "DEV_SECRETS_DIR=" + secrets,
                "bash",
                Repo.DEPLOY.resolve("dev-secrets.sh").toString()));
    }

    private static List<Path> examples() {
        try (Stream<Path> files = Files.walk(EXAMPLES)) {
            return files.filter(f -> f.toString().endsWith(".example")).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Map<String, String> envFile(Path file) {
        return Repo.read(file)
                .lines()
                .filter(line -> !line.isBlank() && !line.startsWith("#"))
                .map(line -> line.split("=", 2))
                .collect(java.util.stream.Collectors.toMap(kv -> kv[0], kv -> kv.length > 1 ? kv[1] : ""));
    }
}
