package dev.pressroom.auth.store;

/** Result of an atomic single-use operation (code exchange, refresh rotation). */
public record Outcome<T>(Status status, T value) {

    public enum Status {
        FIRST_USE,
        REUSED,
        UNKNOWN
    }

    public static <T> Outcome<T> unknown() {
        return new Outcome<>(Status.UNKNOWN, null);
    }
}
