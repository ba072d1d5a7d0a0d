package dev.pressroom.auth.grant;

import dev.pressroom.auth.audit.AuditEvent;
import dev.pressroom.auth.audit.AuditEventType;
import dev.pressroom.auth.audit.AuditLog;
import dev.pressroom.auth.audit.Origin;
import dev.pressroom.auth.grant.Revocations.Reason;
import dev.pressroom.auth.store.AuthorizationCode;
import dev.pressroom.auth.store.Grant;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;

/**
 * What detected token reuse does (RFC 9700 §4.14.2, §4.5): revoke the grant, record the audit event with the address
 * that presented the token, answer invalid_grant. A retry within the reuse grace is recorded here too.
 */
@ApplicationScoped
public class TokenReuse {

    /** How a refresh token turned out to be reused, as details.cause records it. */
    public enum Cause {
        /** Presented after it was rotated. */
        RETIRED("retired_token", Reason.REUSE, "The refresh token was already used; the chain is revoked."),
        /** Rotated by another request in the moment between reading and retiring it (TokenIssuer). */
        CONCURRENT("concurrent_rotation", Reason.REUSE, "The refresh token was already used; the chain is revoked."),
        /** Presented by a client it was not issued to: it has leaked. */
        OTHER_CLIENT("other_client", Reason.WRONG_CLIENT, "The refresh token was issued to another client.");

        private final String code;
        private final Reason revocation;
        private final String description;

        Cause(String code, Reason revocation, String description) {
            this.code = code;
            this.revocation = revocation;
            this.description = description;
        }
    }

    /** TokenIssuer's signal that the refresh token it was to retire had been retired meanwhile. */
    static final class RetiredMeanwhile extends RuntimeException {
        RetiredMeanwhile() {
            super(null, null, false, false);
        }
    }

    private final Revocations revocations;
    private final AuditLog audit;

    public TokenReuse(Revocations revocations, AuditLog audit) {
        this.revocations = revocations;
        this.audit = audit;
    }

    public <T> Uni<T> refreshToken(Grant grant, String presentedBy, Cause cause, Origin origin) {
        return revocations.revokeGrantAndRefuse(
                grant.accountId(),
                grant.grantId(),
                cause.revocation,
                cause.description,
                () -> audit.record(AuditEvent.of(
                                AuditEventType.REFRESH_TOKEN_REUSED,
                                UUID.fromString(grant.accountId()),
                                grant.clientId(),
                                origin)
                        .with("cause", cause.code)
                        .with("presented_by", presentedBy)));
    }

    /** A rotated refresh token came back within the grace with its successor unused, and was honoured. */
    public void refreshTokenRetried(Grant grant, Origin origin) {
        audit.record(AuditEvent.of(
                AuditEventType.REFRESH_TOKEN_RETRIED, UUID.fromString(grant.accountId()), grant.clientId(), origin));
    }

    /** A code is replayed only by the client it was issued to (any other is refused before it is consumed). */
    public <T> Uni<T> code(AuthorizationCode code, Origin origin) {
        return revocations.revokeGrantAndRefuse(
                code.accountId(),
                code.grantId(),
                Reason.CODE_REPLAY,
                "The authorization code was already used.",
                () -> audit.record(AuditEvent.of(
                        AuditEventType.CODE_REPLAYED, UUID.fromString(code.accountId()), code.clientId(), origin)));
    }
}
