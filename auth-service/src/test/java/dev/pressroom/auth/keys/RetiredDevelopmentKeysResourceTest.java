package dev.pressroom.auth.keys;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.kernel.testing.TestPostgres;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The test and development database outlives key directories: another run's rotation may have retired every key of
 * an algorithm that a directory holds. A development start then makes a new key for that algorithm instead of
 * signing nothing with it (which failed every ES256 test after a full run had rotated keys).
 */
@QuarkusTest
@TestProfile(RetiredDevelopmentKeysResourceTest.RetiredEs256.class)
class RetiredDevelopmentKeysResourceTest {

    /** A key directory of its own whose only ES256 key is retired in the database before the service starts. */
    public static class RetiredEs256 implements QuarkusTestProfile {

        static final String RETIRED = "pressroom.auth.test-retired-es256";

        @Override
        public Map<String, String> getConfigOverrides() {
            try {
                Path dir = Files.createTempDirectory("pressroom-auth-retired-keys");
                SigningKeys.writeNewKey(dir, Clock.systemUTC(), JwsAlgorithm.RS256);
                String es256 = SigningKeys.writeNewKey(dir, Clock.systemUTC(), JwsAlgorithm.ES256);
                retire(es256);
                System.setProperty(RETIRED, es256);
                return Map.of("auth.keys-dir", dir.toString());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (java.security.GeneralSecurityException | SQLException e) {
                throw new IllegalStateException(e);
            }
        }

        /** Flyway has made the table in every earlier run; a brand-new database gets it from this start instead. */
        private static void retire(String kid) throws SQLException {
            // The run's own database when one is given (-Dauth.db.name, as parallel runs do), else the test profile's.
            try (Connection c = TestPostgres.connect(System.getProperty("auth.db.name", "auth_test"));
                    PreparedStatement s = c.prepareStatement(
                            "INSERT INTO signing_keys (kid, state, changed_at, alg) VALUES (?, 'retired', now(), 'ES256')")) {
                s.setString(1, kid);
                s.executeUpdate();
            } catch (SQLException e) {
                if (!"42P01".equals(e.getSQLState())) { // undefined table: a database no start has migrated yet
                    throw e;
                }
            }
        }
    }

    @Test
    void startWhenEveryEs256KeyOfTheDirectoryRetiredThenANewOneSigns() {
        String retired = System.getProperty(RetiredEs256.RETIRED);

        List<String> algorithms = RestAssured.get("/.well-known/openid-configuration")
                .jsonPath()
                .getList("id_token_signing_alg_values_supported", String.class);
        List<String> es256Kids = RestAssured.get("/.well-known/jwks.json")
                .jsonPath()
                .getList("keys.findAll { it.alg == 'ES256' }.kid", String.class);

        assertThat(algorithms).contains("ES256");
        assertThat(es256Kids).isNotEmpty().doesNotContain(retired);
    }
}
