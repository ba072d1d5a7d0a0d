package dev.pressroom.auth.password;

import dev.pressroom.auth.jni.NativeOrJava;
import dev.pressroom.auth.jni.NativeOrJava.Choice;
import java.util.function.Supplier;

/** Picks Argon2id's memory filling from AUTH_ARGON2: {@code auto} (native when its library loads), {@code native}, {@code java}. */
final class MemoryFills {

    private static final NativeOrJava.Setting SETTING = new NativeOrJava.Setting("AUTH_ARGON2", "native", "java");

    private MemoryFills() {
    }

    /**
     * @param nativeFill loads the native filling, throwing IllegalStateException when it cannot
     * @throws IllegalStateException when {@code native} is asked for and does not load (no silent fallback then)
     */
    static Choice<MemoryFill> choose(String mode, Supplier<NativeMemoryFill> nativeFill) {
        return NativeOrJava.choose(SETTING, mode, nativeFill, fill -> "Argon2id memory filling by " + fill.description(),
                JavaMemoryFill::new, "Argon2id memory filling in Java");
    }
}
