package dev.pressroom.auth.jose;

/** A JWS that {@link JwsVerifier} refused, with why: a sentence that names the JWS as its caller called it. */
public final class JwsRefused extends RuntimeException {

    /** What was wrong; {@link #NO_KEY} alone may be cured by fetching the signer's keys again. */
    public enum Reason {
        MALFORMED,
        ALGORITHM,
        TYPE,
        CRITICAL,
        KEY,
        NO_KEY,
        SIGNATURE
    }

    private final Reason reason;

    JwsRefused(Reason reason, String message) {
        super(message, null, false, false);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
