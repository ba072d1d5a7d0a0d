package dev.pressroom.auth.page;

/** Why an error page is shown: its title and message in the person's language (README, "Languages"). */
public enum Problem {
    INVALID_REQUEST,
    MALFORMED_FORM,
    NO_CLIENT_ID,
    UNKNOWN_CLIENT,
    NO_REDIRECT_URI,
    UNREGISTERED_REDIRECT,
    TOO_MANY_REQUESTS,
    SESSION_ENDED,
    SIGNED_IN_AGAIN,
    SIGN_IN_EXPIRED,
    FORM_EXPIRED,
    INVALID_SIGN_OUT,
    UNKNOWN_HINT,
    HINT_OF_OTHER_CLIENT,
    UNREGISTERED_SIGN_OUT,
    PASSKEY_NOT_ADDED,
    UNAVAILABLE;

    public String title(Messages texts) {
        return switch (this) {
            case INVALID_REQUEST, MALFORMED_FORM, NO_REDIRECT_URI -> texts.titleInvalidRequest();
            case NO_CLIENT_ID, UNKNOWN_CLIENT -> texts.titleUnknownApp();
            case UNREGISTERED_REDIRECT -> texts.titleUnregisteredRedirect();
            case TOO_MANY_REQUESTS -> texts.titleTooManyRequests();
            case SESSION_ENDED -> texts.signedOut();
            case SIGNED_IN_AGAIN -> texts.titleSignedInAgain();
            case SIGN_IN_EXPIRED, FORM_EXPIRED -> texts.titleRequestExpired();
            case INVALID_SIGN_OUT, UNKNOWN_HINT, HINT_OF_OTHER_CLIENT -> texts.titleInvalidSignOut();
            case UNREGISTERED_SIGN_OUT -> texts.titleUnregisteredSignOut();
            case PASSKEY_NOT_ADDED -> texts.titlePasskeyNotAdded();
            case UNAVAILABLE -> texts.titleUnavailable();
        };
    }

    public String message(Messages texts) {
        return switch (this) {
            case INVALID_REQUEST -> texts.problemInvalidRequest();
            case MALFORMED_FORM -> texts.problemMalformedForm();
            case NO_CLIENT_ID -> texts.problemNoClientId();
            case UNKNOWN_CLIENT -> texts.problemUnknownClient();
            case NO_REDIRECT_URI -> texts.problemNoRedirectUri();
            case UNREGISTERED_REDIRECT -> texts.problemUnregisteredRedirect();
            case TOO_MANY_REQUESTS -> texts.problemTooManyRequests();
            case SESSION_ENDED -> texts.problemSessionEnded();
            case SIGNED_IN_AGAIN -> texts.problemSignedInAgain();
            case SIGN_IN_EXPIRED -> texts.problemSignInExpired();
            case FORM_EXPIRED -> texts.problemFormExpired();
            case INVALID_SIGN_OUT -> texts.problemInvalidSignOut();
            case UNKNOWN_HINT -> texts.problemUnknownHint();
            case HINT_OF_OTHER_CLIENT -> texts.problemHintOfOtherClient();
            case UNREGISTERED_SIGN_OUT -> texts.problemUnregisteredSignOut();
            case PASSKEY_NOT_ADDED -> texts.problemPasskeyNotAdded();
            case UNAVAILABLE -> texts.problemUnavailable();
        };
    }
}
