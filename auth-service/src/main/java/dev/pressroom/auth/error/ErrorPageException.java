package dev.pressroom.auth.error;

/**
 * An error shown on the provider's own page, never redirected: unknown client, unregistered redirect URI
 * (RFC 6749 §4.1.2.1), an expired sign-in form, a bad CSRF token.
 */
public final class ErrorPageException extends RuntimeException {

    private final int status;
    private final String title;

    public ErrorPageException(int status, String title, String message) {
        super(message, null, false, false);
        this.status = status;
        this.title = title;
    }

    public static ErrorPageException badRequest(String title, String message) {
        return new ErrorPageException(400, title, message);
    }

    public int status() {
        return status;
    }

    public String title() {
        return title;
    }
}
