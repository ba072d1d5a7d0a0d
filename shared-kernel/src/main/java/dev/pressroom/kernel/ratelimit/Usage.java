package dev.pressroom.kernel.ratelimit;

/** Requests counted so far in the current window of one client, and the milliseconds until that window ends. */
public record Usage(long count, long resetMillis) {

    /** Whole seconds to wait, at least 1 (Retry-After, RFC 9110 §10.2.3). */
    public long retryAfterSeconds() {
        return Math.max(1, (resetMillis + 999) / 1000);
    }
}
