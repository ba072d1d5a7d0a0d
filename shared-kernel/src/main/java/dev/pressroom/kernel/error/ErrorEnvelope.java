package dev.pressroom.kernel.error;

import java.util.List;

/**
 * The platform's JSON error body, as part B of the spec defines it:
 * {@code {"errors": [{"type": "NotFoundError", "code": "not_found", "message": "..."}]}}.
 */
public record ErrorEnvelope(List<Entry> errors) {

    public record Entry(String type, String code, String message) {}

    public static ErrorEnvelope of(String type, String code, String message) {
        return new ErrorEnvelope(List.of(new Entry(type, code, message)));
    }
}
