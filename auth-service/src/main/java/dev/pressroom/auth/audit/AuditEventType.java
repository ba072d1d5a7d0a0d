package dev.pressroom.auth.audit;

import java.util.Arrays;
import java.util.Optional;

/** The fixed set of audit event types; {@link #code()} is the name stored, filtered on and used as a metric label. */
public enum AuditEventType {
    /** details.method: password or passkey. */
    SIGN_IN("sign_in"),
    /**
     * details.reason: wrong_password (an unknown account too), throttled, locked, passkey_refused or
     * cloned_authenticator (details.cause: the passkey check that failed); details.method: passkey for those.
     */
    SIGN_IN_FAILED("sign_in_failed"),
    /** A failed sign-in locked the account out for the address it came from (details.minutes). */
    ACCOUNT_LOCKED("account_locked"),
    CONSENT_GIVEN("consent_given"),
    /** The person added a passkey on the account page (details.name). */
    PASSKEY_ADDED("passkey_added"),
    /** The person removed a passkey on the account page (details.name). */
    PASSKEY_REMOVED("passkey_removed"),
    /** The consent record was deleted (the person removed the app and had a consent). */
    CONSENT_REMOVED("consent_removed"),
    /** The person removed an app on Connected apps: every code, access token and refresh chain of it revoked. */
    APP_REMOVED("app_removed"),
    /** A retired refresh token was presented again, or by another client: its chain is revoked. */
    REFRESH_TOKEN_REUSED("refresh_token_reused"),
    /**
     * A rotated refresh token came back from its client within the reuse grace, its successor never used (a lost
     * reply): the successor is retired and new tokens issued.
     */
    REFRESH_TOKEN_RETRIED("refresh_token_retried"),
    /** A used authorization code was presented again: what its first exchange minted is revoked. */
    CODE_REPLAYED("code_replayed"),
    CLIENT_REGISTERED("client_registered"),
    CLIENT_UPDATED("client_updated"),
    CLIENT_VERIFIED("client_verified"),
    /**
     * A registered client deleted itself (RFC 7592 §2.3); details.consents_removed: how many people's consents went
     * with it (their tokens of it are revoked).
     */
    CLIENT_DELETED("client_deleted"),
    /** A signing key was published, activated or retired (details.step). */
    SIGNING_KEY_ROTATED("signing_key_rotated"),
    /** Any call of the admin API, refused ones included (details.actor, method, path, status). */
    ADMIN_CALL("admin_call"),
    /** Staff ended every browser session of the account (details.sessions: how many were live). */
    SESSIONS_ENDED("sessions_ended"),
    /** A client's backchannel_logout_uri took a logout token (details.attempt, result: HTTP 200 or 204). */
    BACKCHANNEL_LOGOUT_DELIVERED("backchannel_logout_delivered"),
    /** A logout token's delivery failed and is tried again later (details.attempt, result: the status or reason). */
    BACKCHANNEL_LOGOUT_RETRIED("backchannel_logout_retried"),
    /** A logout token's delivery failed for the last time: given up (details.attempt, result). */
    BACKCHANNEL_LOGOUT_FAILED("backchannel_logout_failed");

    private final String code;

    AuditEventType(String code) {
        this.code = code;
    }

    public String code() {
        return code;
    }

    public static Optional<AuditEventType> fromCode(String code) {
        return Arrays.stream(values()).filter(t -> t.code.equals(code)).findFirst();
    }
}
