package dev.pressroom.auth.abuse;

/**
 * A sign-in attempt as the limits answered it, before any password is hashed. {@code evaluate}: the attempt is
 * already counted as a failure (until it succeeds) and {@code waitSeconds} is what the next attempt must wait if it
 * fails. Otherwise it is refused unevaluated and {@code waitSeconds} is the wait still to go.
 */
public record SignInAttempt(boolean evaluate, long waitSeconds) {

    /** The wait is a lock-out (15 minutes), not a slowdown (at most a minute). */
    public boolean isLock() {
        return waitSeconds > AbuseLimits.MAX_SLOW_SECONDS;
    }
}
