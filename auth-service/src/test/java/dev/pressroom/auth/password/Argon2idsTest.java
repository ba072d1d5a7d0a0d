package dev.pressroom.auth.password;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pressroom.auth.jni.NativeOrJava;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** AUTH_ARGON2: auto falls back to Bouncy Castle, native refuses to start without its library, java never loads it. */
class Argon2idsTest {

    private static final String MISSING = "native/linux-none/libpressroom_argon2.so";
    private static final Supplier<ReferenceArgon2id> NOT_BUILT =
            () -> ReferenceArgon2id.load(MISSING, 1, 64, NativeArgon2.Ceiling.ANY);

    @Test
    void chooseWhenAutoAndLibraryMissingThenBouncyCastleWithTheReason() {
        NativeOrJava.Choice<Argon2id> choice = Argon2ids.choose("auto", NOT_BUILT);

        assertThat(choice.implementation()).isInstanceOf(BouncyCastleArgon2id.class);
        assertThat(choice.description()).contains("Bouncy Castle").contains(MISSING + " is not in the application");
    }

    @Test
    void chooseWhenNativeForcedAndLibraryMissingThenRefused() {
        assertThatThrownBy(() -> Argon2ids.choose("native", NOT_BUILT))
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
        assertThatThrownBy(() -> Argon2ids.choose("bouncycastle", NOT_BUILT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("auto, native or java");
    }
}
