package dev.pressroom.auth.audit;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.UUID;
import java.util.function.Function;

/**
 * The admin API's query of audit events: filters and a page. {@code cursor} is the last id of the previous page
 * (events come newest first), as {@code next_cursor} gave it.
 */
public record AuditQuery(AuditRepository.Filter filter, int limit) {

    public static final int DEFAULT_LIMIT = 50;
    public static final int MAX_LIMIT = 200;

    /**
     * Reads type, account_id, client_id, from, to (ISO-8601 instants, from inclusive, to exclusive), limit and
     * cursor from the query parameters.
     *
     * @throws IllegalArgumentException saying which parameter is wrong and what it must be
     */
    public static AuditQuery parse(Function<String, String> param) {
        String type = param.apply("type");
        if (type != null && AuditEventType.fromCode(type).isEmpty()) {
            throw new IllegalArgumentException("type must be one of the audit event types (README, Audit events)");
        }
        String clientId = param.apply("client_id");
        if (clientId != null && clientId.length() > 64) {
            throw new IllegalArgumentException("client_id has at most 64 characters");
        }
        Instant from = instant(param.apply("from"), "from");
        Instant to = instant(param.apply("to"), "to");
        long limit = number(param.apply("limit"), "limit", DEFAULT_LIMIT);
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException("limit must be 1 to " + MAX_LIMIT);
        }
        String cursor = param.apply("cursor");
        Long before = cursor == null ? null : number(cursor, "cursor", 0);
        return new AuditQuery(
                new AuditRepository.Filter(type, uuid(param.apply("account_id")), clientId, from, to, before),
                (int) limit);
    }

    private static UUID uuid(String value) {
        try {
            return value == null ? null : UUID.fromString(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("account_id must be an account id (a UUID)");
        }
    }

    private static Instant instant(String value, String name) {
        try {
            return value == null ? null : Instant.parse(value);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(name + " must be an ISO-8601 instant such as 2026-11-24T06:00:00Z");
        }
    }

    private static long number(String value, String name, long absent) {
        try {
            return value == null ? absent : Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number as the API gave it");
        }
    }
}
