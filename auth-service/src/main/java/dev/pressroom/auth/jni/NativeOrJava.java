package dev.pressroom.auth.jni;

import java.util.Locale;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What a setting such as AUTH_SIGNER or AUTH_ARGON2 chooses between a bundled native implementation and its Java
 * fallback: {@code auto} (native when its library loads, else Java, saying why), the native side's name (refuse to
 * start without it: no silent fallback then) or the Java side's name (the library is never loaded).
 */
public final class NativeOrJava {

    private NativeOrJava() {}

    /** The implementation and the sentence the startup log says about it. */
    public record Choice<T>(T implementation, String description) {}

    /** A setting: its variable and the names of its two sides, e.g. AUTH_SIGNER, openssl, jdk. */
    public record Setting(String variable, String nativeName, String javaName) {}

    /**
     * The native implementation when it loads, else the Java one.
     *
     * @param loadNative loads the native implementation, throwing IllegalStateException when it cannot
     * @param nativeDescription the log sentence of a loaded native implementation
     * @param java makes the Java implementation
     * @param javaDescription the log sentence of the Java implementation
     * @throws IllegalStateException when the native side is asked for by name and does not load
     * @throws IllegalArgumentException when the value names neither side nor auto
     */
    public static <T, N extends T> Choice<T> choose(
            Setting setting,
            String value,
            Supplier<N> loadNative,
            Function<N, String> nativeDescription,
            Supplier<T> java,
            String javaDescription) {
        String mode = value.trim().toLowerCase(Locale.ROOT);
        String why = setting.variable() + "=" + mode;
        if (mode.equals(setting.javaName())) {
            return new Choice<>(java.get(), javaDescription + " (" + why + ")");
        }
        if (!mode.equals("auto") && !mode.equals(setting.nativeName())) {
            throw new IllegalArgumentException(setting.variable() + " must be auto, " + setting.nativeName() + " or "
                    + setting.javaName() + ", not " + value);
        }
        N loaded;
        try {
            loaded = loadNative.get();
        } catch (IllegalStateException e) {
            if (mode.equals(setting.nativeName())) {
                throw new IllegalStateException(why + ", but " + e.getMessage(), e);
            }
            return new Choice<>(
                    java.get(),
                    javaDescription + " (" + why + "; the native library is not available: " + e.getMessage() + ")");
        }
        return new Choice<>(loaded, nativeDescription.apply(loaded) + " (" + why + ")");
    }
}
