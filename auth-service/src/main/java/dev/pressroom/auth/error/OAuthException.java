package dev.pressroom.auth.error;

/**
 * An OAuth error answered as JSON (RFC 6749 §5.2, RFC 7009 §2.2.1, RFC 7591 §3.2.2, RFC 6750 §3.1).
 * {@code challenge} is the WWW-Authenticate value for 401 answers; {@code dpopNonce} the DPoP-Nonce header of an answer
 * that asks for a DPoP nonce (RFC 9449 §8, §9).
 */
public final class OAuthException extends RuntimeException {

    private final int status;
    private final String error;
    private final String challenge;
    private final String dpopNonce;

    public OAuthException(int status, String error, String description, String challenge) {
        this(status, error, description, challenge, null);
    }

    public OAuthException(int status, String error, String description, String challenge, String dpopNonce) {
        super(description, null, false, false);
        this.status = status;
        this.error = error;
        this.challenge = challenge;
        this.dpopNonce = dpopNonce;
    }

    public static OAuthException invalidRequest(String description) {
        return new OAuthException(400, "invalid_request", description, null);
    }

    public static OAuthException invalidGrant(String description) {
        return new OAuthException(400, "invalid_grant", description, null);
    }

    public static OAuthException invalidScope(String description) {
        return new OAuthException(400, "invalid_scope", description, null);
    }

    /** RFC 6749 §5.2: 401 with a challenge for the scheme the client used (Basic here). */
    public static OAuthException invalidClient(String description) {
        return new OAuthException(401, "invalid_client", description, "Basic realm=\"oauth\", charset=\"UTF-8\"");
    }

    /** RFC 6750 §3.1. */
    public static OAuthException invalidToken(String description) {
        return new OAuthException(
                401,
                "invalid_token",
                description,
                "Bearer error=\"invalid_token\", error_description=\"" + description + "\"");
    }

    public static OAuthException unavailable() {
        return unavailable("The service cannot record tokens right now; try again shortly.");
    }

    /** 503 temporarily_unavailable (answered with Retry-After) saying what is overloaded or down. */
    public static OAuthException unavailable(String description) {
        return new OAuthException(503, "temporarily_unavailable", description, null);
    }

    public int status() {
        return status;
    }

    public String error() {
        return error;
    }

    public String description() {
        return getMessage();
    }

    public String challenge() {
        return challenge;
    }

    public String dpopNonce() {
        return dpopNonce;
    }
}
