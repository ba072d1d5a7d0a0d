package dev.pressroom.auth.error;

/**
 * An authorization error after client_id and redirect_uri were validated: the person is sent back to the
 * client with error, error_description, state and iss (RFC 6749 §4.1.2.1, RFC 9207).
 */
public final class AuthorizationRedirectException extends RuntimeException {

    private final String redirectUri;
    private final String error;
    private final String state;

    public AuthorizationRedirectException(String redirectUri, String error, String description, String state) {
        super(description, null, false, false);
        this.redirectUri = redirectUri;
        this.error = error;
        this.state = state;
    }

    public String redirectUri() {
        return redirectUri;
    }

    public String error() {
        return error;
    }

    public String description() {
        return getMessage();
    }

    public String state() {
        return state;
    }
}
