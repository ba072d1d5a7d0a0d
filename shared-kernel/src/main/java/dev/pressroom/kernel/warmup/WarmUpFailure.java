package dev.pressroom.kernel.warmup;

/**
 * An answer a client would not accept. Its message names the step and the status, never a token or a body; it is
 * what the readiness check and the log show of a failed round. Any other exception is shown by its class alone, since
 * its message (a parser's, say) could quote an answer.
 */
public final class WarmUpFailure extends Exception {

    public WarmUpFailure(String message) {
        super(message, null, false, false);
    }

    static String describe(Exception e) {
        return e instanceof WarmUpFailure ? e.getMessage() : e.getClass().getSimpleName();
    }
}
