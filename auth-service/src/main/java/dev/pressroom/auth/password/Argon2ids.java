package dev.pressroom.auth.password;

import dev.pressroom.auth.jni.NativeOrJava;
import dev.pressroom.auth.jni.NativeOrJava.Choice;
import java.util.function.Supplier;

/**
 * Picks the Argon2id implementation from AUTH_ARGON2: {@code auto} (native when its library loads), {@code native},
 * {@code java}.
 */
final class Argon2ids {

    private static final NativeOrJava.Setting SETTING = new NativeOrJava.Setting("AUTH_ARGON2", "native", "java");

    private Argon2ids() {}

    /**
     * @param reference loads the reference C, throwing IllegalStateException when it cannot
     * @throws IllegalStateException when {@code native} is asked for and does not load (no silent fallback then)
     */
    static Choice<Argon2id> choose(String mode, Supplier<ReferenceArgon2id> reference) {
        // A lambda, not BouncyCastleArgon2id::new: nothing of Bouncy Castle is loaded unless Java is chosen.
        return NativeOrJava.choose(
                SETTING,
                mode,
                reference,
                Argon2id::description,
                () -> new BouncyCastleArgon2id(),
                BouncyCastleArgon2id.DESCRIPTION);
    }
}
