package dev.pressroom.kernel.error;

import java.util.Map;
import java.util.Objects;

/**
 * A failure the client is meant to see: an HTTP status, a stable error type and code, a message
 * written for people, and headers the answer must carry (Retry-After, Allow, ...).
 */
public class ApiException extends RuntimeException {

    private final int status;
    private final String type;
    private final String code;
    private final Map<String, String> headers;

    public ApiException(int status, String type, String code, String message) {
        this(status, type, code, message, Map.of());
    }

    public ApiException(int status, String type, String code, String message, Map<String, String> headers) {
        super(message, null, false, false);
        this.status = status;
        this.type = Objects.requireNonNull(type, "type");
        this.code = Objects.requireNonNull(code, "code");
        this.headers = Map.copyOf(headers);
    }

    public static ApiException badRequest(String code, String message) {
        return new ApiException(400, "BadRequestError", code, message);
    }

    public static ApiException notFound(String message) {
        return new ApiException(404, "NotFoundError", "not_found", message);
    }

    public int status() {
        return status;
    }

    public String type() {
        return type;
    }

    public String code() {
        return code;
    }

    public Map<String, String> headers() {
        return headers;
    }

    public ErrorEnvelope envelope() {
        return ErrorEnvelope.of(type, code, getMessage());
    }
}
