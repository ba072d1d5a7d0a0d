package dev.pressroom.auth.passkey;

import java.util.UUID;

/**
 * A passkey ceremony that must not succeed. The person always sees the same generic message; {@link #reason} is for
 * the audit log and the tests.
 */
public final class PasskeyRefused extends Exception {

    private static final long serialVersionUID = 1L;

    /** Why, as the audit log's sign_in_failed reason says it. */
    public enum Reason {
        /** The new credential's id is stored already (WebAuthn §7.1 step 22: the ceremony fails). */
        ALREADY_REGISTERED("passkey_already_registered"),
        /** Not a WebAuthn response webauthn4j could read. */
        MALFORMED("passkey_malformed"),
        /** No stored passkey has this credential id. */
        UNKNOWN_CREDENTIAL("passkey_unknown"),
        /** The challenge was never issued, was used already, expired, or was issued for another ceremony. */
        STALE_CHALLENGE("passkey_stale_challenge"),
        /** Origin, RP ID hash, challenge, type or signature did not verify. */
        NOT_VERIFIED("passkey_not_verified"),
        /** The authenticator did not verify the person (UV flag not set). */
        USER_NOT_VERIFIED("passkey_user_not_verified"),
        /** The signature counter did not increase: two authenticators hold the same key. */
        CLONED_AUTHENTICATOR("passkey_cloned"),
        /** The user handle names another account than the one the credential belongs to. */
        OTHER_ACCOUNT("passkey_other_account");

        private final String code;

        Reason(String code) {
            this.code = code;
        }

        public String code() {
            return code;
        }
    }

    private final Reason reason;
    private final transient UUID accountId;

    public PasskeyRefused(Reason reason, Throwable cause) {
        this(reason, null, cause);
    }

    public PasskeyRefused(Reason reason) {
        this(reason, null, null);
    }

    private PasskeyRefused(Reason reason, UUID accountId, Throwable cause) {
        super(reason.code(), cause, false, false);
        this.reason = reason;
        this.accountId = accountId;
    }

    /** The same refusal, naming the account whose passkey it was (for the audit log). */
    public PasskeyRefused of(UUID account) {
        return new PasskeyRefused(reason, account, getCause());
    }

    public Reason reason() {
        return reason;
    }

    /** The account the presented credential belongs to; null when it is unknown. */
    public UUID accountId() {
        return accountId;
    }
}
