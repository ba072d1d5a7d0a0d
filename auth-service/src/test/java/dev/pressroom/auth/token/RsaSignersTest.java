package dev.pressroom.auth.token;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pressroom.auth.jni.NativeOrJava;
import org.junit.jupiter.api.Test;

/** AUTH_SIGNER: auto falls back to the JDK, openssl refuses to start without its library, jdk never loads it. */
class RsaSignersTest {

    private static final String MISSING = "native/linux-none/libpressroom_rs256.so";

    @Test
    void chooseWhenAutoAndLibraryMissingThenJdkWithTheReason() {
        NativeOrJava.Choice<RsaSigner> choice = RsaSigners.choose("auto", () -> OpenSslRsaSigner.load(MISSING));

        assertThat(choice.implementation()).isInstanceOf(JdkRsaSigner.class);
        assertThat(choice.description()).contains("JDK").contains(MISSING + " is not in the application");
    }

    @Test
    void chooseWhenOpensslForcedAndLibraryMissingThenRefused() {
        assertThatThrownBy(() -> RsaSigners.choose("openssl", () -> OpenSslRsaSigner.load(MISSING)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("AUTH_SIGNER=openssl")
                .hasMessageContaining(MISSING);
    }

    @Test
    void chooseWhenJdkThenOpenSslNeverLoaded() {
        NativeOrJava.Choice<RsaSigner> choice = RsaSigners.choose(" JDK ", () -> {
            throw new AssertionError("must not load the library");
        });

        assertThat(choice.implementation().name()).isEqualTo("jdk");
    }

    @Test
    void chooseWhenAutoAndLibraryBuiltThenOpenSsl() {
        OpenSslAvailable.signer().close();

        NativeOrJava.Choice<RsaSigner> choice = RsaSigners.choose("auto", OpenSslRsaSigner::load);

        assertThat(choice.implementation().name()).isEqualTo("openssl");
        assertThat(choice.description()).startsWith("RS256 signing with OpenSSL 3.");
        choice.implementation().close();
    }

    @Test
    void chooseWhenUnknownModeThenRefused() {
        assertThatThrownBy(() -> RsaSigners.choose("bouncycastle", OpenSslRsaSigner::load))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("auto, openssl or jdk");
    }
}
