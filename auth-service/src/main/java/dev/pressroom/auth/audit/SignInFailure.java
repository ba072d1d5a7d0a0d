package dev.pressroom.auth.audit;

/**
 * Why a sign-in failed, as the audit log and pressroom.auth.sign.ins{outcome} say it. An unknown account is a
 * wrong password here too, as it is on the page.
 */
public enum SignInFailure {
    WRONG_PASSWORD("wrong_password"),
    /** Refused unevaluated: the attempt came during a slowdown's wait. */
    THROTTLED("throttled"),
    /** Refused unevaluated: the account is locked for this address, or the address is locked. */
    LOCKED("locked"),
    /** A passkey assertion that did not verify: unknown credential, stale challenge, bad signature, no UV, wrong user. */
    PASSKEY_REFUSED("passkey_refused"),
    /** A passkey's signature counter did not increase: its key is on two authenticators. */
    CLONED_AUTHENTICATOR("cloned_authenticator");

    private final String code;

    SignInFailure(String code) {
        this.code = code;
    }

    public String code() {
        return code;
    }
}
