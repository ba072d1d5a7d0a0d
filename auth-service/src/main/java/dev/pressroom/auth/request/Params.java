package dev.pressroom.auth.request;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Raw request parameters. Each OAuth parameter may appear at most once (RFC 6749 §3.1, §3.2) and has a
 * bounded length; the caller decides which error a violation becomes.
 */
public final class Params {

    /** Longest value accepted for any parameter: tokens, URIs and PKCE values are far shorter. */
    public static final int MAX_LENGTH = 2048;

    private final Map<String, List<String>> values;
    private final Function<String, RuntimeException> error;

    public Params(Map<String, List<String>> values, Function<String, RuntimeException> error) {
        this.values = values;
        this.error = error;
    }

    /** The single value of {@code name}, empty when absent or sent empty (RFC 6749 §3.1 treats both alike). */
    public Optional<String> optional(String name) {
        List<String> list = values.get(name);
        if (list == null || list.isEmpty()) {
            return Optional.empty();
        }
        if (list.size() > 1) {
            throw error.apply("Parameter " + name + " must not be repeated.");
        }
        String value = list.get(0);
        if (value == null || value.isEmpty()) {
            return Optional.empty();
        }
        if (value.length() > MAX_LENGTH) {
            throw error.apply("Parameter " + name + " is too long.");
        }
        return Optional.of(value);
    }

    public String required(String name) {
        return optional(name).orElseThrow(() -> error.apply("Parameter " + name + " is required."));
    }

    public Map<String, List<String>> values() {
        return values;
    }

    /** Checks every parameter for repetition and size, also those this endpoint ignores. */
    public Params checkAll() {
        if (values.size() > 64) {
            throw error.apply("Too many parameters.");
        }
        values.keySet().forEach(this::optional);
        return this;
    }
}
