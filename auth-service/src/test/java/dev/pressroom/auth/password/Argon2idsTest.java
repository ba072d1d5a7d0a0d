package dev.pressroom.auth.password;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pressroom.auth.jni.NativeOrJava;
import org.junit.jupiter.api.Test;

/** AUTH_ARGON2: auto falls back to Bouncy Castle, native refuses to start without its library, java never loads it. */
class Argon2idsTest {

    private static final String MISSING = "native/linux-none/libpressroom_argon2.so";

    private static ReferenceArgon2id notBuilt() {
        return ReferenceArgon2id.load(MISSING, 1, 64, NativeArgon2.Ceiling.ANY);
    }

    @Test
    void chooseWhenAutoAndLibraryMissingThenBouncyCastleWithTheReason() {
        NativeOrJava.Choice<Argon2id> choice = Argon2ids.choose("auto", Argon2idsTest::notBuilt);

        assertThat(choice.implementation()).isInstanceOf(BouncyCastleArgon2id.class);
        assertThat(choice.description()).contains("Bouncy Castle").contains(MISSING + " is not in the application");
    }

    @Test
    void chooseWhenNativeForcedAndLibraryMissingThenRefused() {
        assertThatThrownBy(() -> Argon2ids.choose("native", Argon2idsTest::notBuilt))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("AUTH_ARGON2=native")
                .hasMessageContaining(MISSING);
    }

    @Test
    void chooseWhenJavaThenNativeNeverLoaded() {
        NativeOrJava.Choice<Argon2id> choice = Argon2ids.choose(" Java ", () -> {
            throw new AssertionError("must not load the library");
        });

        assertThat(choice.implementation()).isInstanceOf(BouncyCastleArgon2id.class);
        assertThat(choice.description()).isEqualTo("Argon2id by Bouncy Castle in Java (AUTH_ARGON2=java)");
    }

    @Test
    void chooseWhenAutoAndLibraryBuiltThenReferenceC() {
        NativeArgon2Available.reference(1, 64, NativeArgon2.Ceiling.ANY);

        NativeOrJava.Choice<Argon2id> choice = Argon2ids.choose("auto", () -> ReferenceArgon2id.load(1, 64));

        assertThat(choice.implementation()).isInstanceOf(ReferenceArgon2id.class);
        assertThat(choice.description())
                .startsWith("Argon2id by the reference C (")
                .contains("AUTH_ARGON2=auto");
    }

    @Test
    void chooseWhenUnknownModeThenRefused() {
        assertThatThrownBy(() -> Argon2ids.choose("bouncycastle", Argon2idsTest::notBuilt))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("auto, native or java");
    }
}
