package dev.pressroom.content.changes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.content.config.ContentConfig;
import io.vertx.core.net.PemTrustOptions;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.SslMode;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The LISTEN connection is made like the pool's, TLS included. */
class ChangeListenerTest {

    record Listen(
            boolean enabled,
            String url,
            String username,
            Optional<String> password,
            String sslMode,
            Optional<String> rootCert)
            implements ContentConfig.Listen {}

    @Test
    void connectOptionsWhenVerifyFullWithCaThenCaTrustedAndServerNameChecked() {
        PgConnectOptions options = ChangeListener.connectOptions(new Listen(
                true,
                "postgresql://db.example.org:5432/content",
                "content",
                Optional.of("pw"),
                "verify-full",
                Optional.of("/etc/pressroom/postgres-ca/ca.crt")));

        assertThat(options.getSslMode()).isEqualTo(SslMode.VERIFY_FULL);
        assertThat(options.getHostnameVerificationAlgorithm()).isEqualTo("HTTPS");
        assertThat(((PemTrustOptions) options.getTrustOptions()).getCertPaths())
                .isEqualTo(List.of("/etc/pressroom/postgres-ca/ca.crt"));
        assertThat(options.getHost()).isEqualTo("db.example.org");
        assertThat(options.getUser()).isEqualTo("content");
    }

    @Test
    void connectOptionsWhenDisabledThenPlainAndNoTrustOptions() {
        PgConnectOptions options = ChangeListener.connectOptions(new Listen(
                true,
                "postgresql://127.0.0.1:5432/content",
                "postgres",
                Optional.empty(),
                "disable",
                Optional.empty()));

        assertThat(options.getSslMode()).isEqualTo(SslMode.DISABLE);
        assertThat(options.getTrustOptions()).isNull();
    }
}
