package dev.pressroom.auth.audit;

import dev.pressroom.auth.account.AccountService;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * One event before it is written. {@code signInEmail} only finds the account of a failed or refused sign-in when the
 * event is written (off the request path); it is never stored. {@code details} holds a few small values, bounded here:
 * strings cut to {@link #VALUE_MAX} characters, lists to {@link #LIST_MAX} items. Callers put in it only ids, fixed
 * words and scopes, never a password, token, code, secret or key.
 */
public record AuditEvent(
        AuditEventType type,
        UUID accountId,
        String signInEmail,
        String clientId,
        Origin origin,
        Map<String, Object> details) {

    static final int VALUE_MAX = 128;
    static final int LIST_MAX = 16;

    public AuditEvent {
        clientId = cut(clientId);
        signInEmail =
                signInEmail == null || signInEmail.length() > 320 ? null : AccountService.normalizeEmail(signInEmail);
        Objects.requireNonNull(origin, "origin");
        Map<String, Object> bounded = new LinkedHashMap<>();
        details.forEach((key, value) -> bounded.put(key, bound(value)));
        details = Collections.unmodifiableMap(bounded);
    }

    public static AuditEvent of(AuditEventType type, UUID accountId, String clientId, Origin origin) {
        return new AuditEvent(type, accountId, null, clientId, origin, Map.of());
    }

    /** The same event with one more detail. */
    public AuditEvent with(String key, Object value) {
        if (value == null) {
            return this;
        }
        Map<String, Object> more = new LinkedHashMap<>(details);
        more.put(key, value);
        return new AuditEvent(type, accountId, signInEmail, clientId, origin, more);
    }

    /** A failed or refused sign-in for the email typed: the account, if any, is looked up when it is written. */
    public static AuditEvent signInFailed(String email, String clientId, Origin origin, SignInFailure reason) {
        return new AuditEvent(
                AuditEventType.SIGN_IN_FAILED, null, email, clientId, origin, Map.of("reason", reason.code()));
    }

    /** A failed sign-in locked the typed email's account for the address (or the address) this long. */
    public static AuditEvent accountLocked(String email, String clientId, Origin origin, long minutes) {
        return new AuditEvent(AuditEventType.ACCOUNT_LOCKED, null, email, clientId, origin, Map.of("minutes", minutes));
    }

    private static Object bound(Object value) {
        if (value instanceof String s) {
            return cut(s);
        }
        if (value instanceof Collection<?> list) {
            return list.stream()
                    .limit(LIST_MAX)
                    .map(v -> cut(String.valueOf(v)))
                    .toList();
        }
        if (value instanceof Number || value instanceof Boolean) {
            return value;
        }
        throw new IllegalArgumentException("audit details hold strings, numbers, booleans and lists only");
    }

    private static String cut(String s) {
        return s == null || s.length() <= VALUE_MAX ? s : s.substring(0, VALUE_MAX);
    }
}
