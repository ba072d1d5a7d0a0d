package dev.pressroom.auth.error;

import dev.pressroom.auth.page.Problem;

/**
 * An error shown on the provider's own page, never redirected: unknown client, unregistered redirect URI
 * (RFC 6749 §4.1.2.1), an expired sign-in form, a bad CSRF token. The page says the problem in the person's
 * language; {@code detail}, when there is one, is the technical reason for the app's developers, in English.
 */
public final class ErrorPageException extends RuntimeException {

    private final int status;
    private final Problem problem;

    public ErrorPageException(int status, Problem problem, String detail) {
        super(detail, null, false, false);
        this.status = status;
        this.problem = problem;
    }

    public static ErrorPageException badRequest(Problem problem) {
        return new ErrorPageException(400, problem, null);
    }

    public static ErrorPageException badRequest(Problem problem, String detail) {
        return new ErrorPageException(400, problem, detail);
    }

    public int status() {
        return status;
    }

    public Problem problem() {
        return problem;
    }

    /** The technical reason, or null. */
    public String detail() {
        return getMessage();
    }
}
