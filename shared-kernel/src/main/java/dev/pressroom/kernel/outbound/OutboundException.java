package dev.pressroom.kernel.outbound;

import java.io.IOException;

/** A call to a chosen URL that was refused or did not complete, with the outcome it is counted under. */
public final class OutboundException extends IOException {

    /** Outcomes of an outbound call, the values of the metric's {@code outcome} label. */
    public enum Outcome {
        /** Answered 2xx within every limit. */
        OK,
        /** Answered, but not 2xx (a redirect included: none is followed). */
        STATUS,
        /** Not https, or a host that resolves to an address that is not public. */
        REFUSED,
        /** No connection or no full answer within the time allowed. */
        TIMEOUT,
        /** The answer was larger than allowed. */
        TOO_LARGE,
        /** Anything else: no such host, TLS failure, a malformed answer. */
        ERROR;

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private final Outcome outcome;

    public OutboundException(Outcome outcome, String message) {
        super(message);
        this.outcome = outcome;
    }

    public OutboundException(Outcome outcome, String message, Throwable cause) {
        super(message, cause);
        this.outcome = outcome;
    }

    public Outcome outcome() {
        return outcome;
    }
}
