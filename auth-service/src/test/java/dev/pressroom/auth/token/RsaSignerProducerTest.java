package dev.pressroom.auth.token;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/** With the library built, the running service signs with OpenSSL (AUTH_SIGNER defaults to auto), so every flow test exercises it. */
@QuarkusTest
class RsaSignerProducerTest {

    @Inject
    RsaSigner signer;

    @Test
    void signerWhenLibraryBuiltAndAutoThenOpenSsl() {
        OpenSslAvailable.signer();

        assertThat(signer.name()).isEqualTo("openssl");
    }
}
