package dev.pressroom.manifest.compat;

/** A version or range that does not follow the accepted syntax; the message says what and where. */
public final class SemverException extends Exception {

    public SemverException(String message) {
        super(message, null, false, false);
    }
}
