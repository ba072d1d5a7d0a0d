package dev.pressroom.auth.password;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pressroom.auth.jni.NativeOrJava;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** AUTH_ARGON2: auto falls back to Java, native refuses to start without its library, java never loads it. */
class MemoryFillsTest {

    private static final String MISSING = "native/linux-none/libpressroom_argon2.so";
    private static final Supplier<NativeMemoryFill> NOT_BUILT = () -> NativeMemoryFill.load(MISSING,
            NativeArgon2.Ceiling.ANY);

    @Test
    void chooseWhenAutoAndLibraryMissingThenJavaWithTheReason() {
        NativeOrJava.Choice<MemoryFill> choice = MemoryFills.choose("auto", NOT_BUILT);

        assertThat(choice.implementation()).isInstanceOf(JavaMemoryFill.class);
        assertThat(choice.description()).contains("in Java").contains(MISSING + " is not in the application");
    }

    @Test
    void chooseWhenNativeForcedAndLibraryMissingThenRefused() {
        assertThatThrownBy(() -> MemoryFills.choose("native", NOT_BUILT))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("AUTH_ARGON2=native").hasMessageContaining(MISSING);
    }

    @Test
    void chooseWhenJavaThenNativeNeverLoaded() {
        NativeOrJava.Choice<MemoryFill> choice = MemoryFills.choose(" Java ", () -> {
            throw new AssertionError("must not load the library");
        });

        assertThat(choice.implementation()).isInstanceOf(JavaMemoryFill.class);
    }

    @Test
    void chooseWhenAutoAndLibraryBuiltThenNative() {
        NativeArgon2Available.fill(NativeArgon2.Ceiling.ANY);

        NativeOrJava.Choice<MemoryFill> choice = MemoryFills.choose("auto", NativeMemoryFill::load);

        assertThat(choice.implementation()).isInstanceOf(NativeMemoryFill.class);
        assertThat(choice.description()).startsWith("Argon2id memory filling by native code (")
                .contains("AUTH_ARGON2=auto");
    }

    @Test
    void chooseWhenUnknownModeThenRefused() {
        assertThatThrownBy(() -> MemoryFills.choose("bouncycastle", NativeMemoryFill::load))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("auto, native or java");
    }
}
