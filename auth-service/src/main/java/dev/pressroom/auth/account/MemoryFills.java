package dev.pressroom.auth.account;

import java.util.Locale;
import java.util.function.Supplier;

/** Picks Argon2id's memory filling from AUTH_ARGON2: {@code auto} (native when its library loads), {@code native}, {@code java}. */
final class MemoryFills {

    private MemoryFills() {
    }

    /** The filling and the sentence the startup log says about it. */
    record Choice(MemoryFill fill, String description) {
    }

    /**
     * @param nativeFill loads the native filling, throwing IllegalStateException when it cannot
     * @throws IllegalStateException when {@code native} is asked for and does not load (no silent fallback then)
     */
    static Choice choose(String mode, Supplier<NativeMemoryFill> nativeFill) {
        switch (mode.trim().toLowerCase(Locale.ROOT)) {
            case "java":
                return java("AUTH_ARGON2=java");
            case "native":
                try {
                    return loaded(nativeFill.get(), "AUTH_ARGON2=native");
                } catch (IllegalStateException e) {
                    throw new IllegalStateException("AUTH_ARGON2=native, but " + e.getMessage(), e);
                }
            case "auto":
                try {
                    return loaded(nativeFill.get(), "AUTH_ARGON2=auto");
                } catch (IllegalStateException e) {
                    return java("AUTH_ARGON2=auto; the native library is not available: " + e.getMessage());
                }
            default:
                throw new IllegalArgumentException("AUTH_ARGON2 must be auto, native or java, not " + mode);
        }
    }

    private static Choice java(String why) {
        return new Choice(new JavaMemoryFill(), "Argon2id memory filling in Java (" + why + ")");
    }

    private static Choice loaded(NativeMemoryFill fill, String why) {
        return new Choice(fill, "Argon2id memory filling by " + fill.description() + " (" + why + ")");
    }
}
