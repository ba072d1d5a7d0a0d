package dev.pressroom.kernel.error;

import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.Map;

/**
 * The framework's own 4xx answers (no such path, wrong method, unsupported media type, unreadable body)
 * in the envelope, keeping the headers they need such as {@code Allow} on 405 (RFC 9110 §15.5.6).
 */
@Provider
public class WebApplicationExceptionMapper implements ExceptionMapper<WebApplicationException> {

    private final UnexpectedExceptionMapper unexpected = new UnexpectedExceptionMapper();

    @Override
    public Response toResponse(WebApplicationException exception) {
        int status = exception.getResponse().getStatus();
        if (status >= 500) {
            return unexpected.toResponse(exception);
        }
        return ErrorResponses.of(toApiException(exception, status));
    }

    static ApiException toApiException(WebApplicationException exception, int status) {
        return switch (status) {
            case 404 -> ApiException.notFound("Resource not found.");
            case 405 ->
                new ApiException(
                        405,
                        "MethodNotAllowedError",
                        "method_not_allowed",
                        "This resource answers only to the methods listed in the Allow header.",
                        allowHeader(exception));
            case 406 ->
                new ApiException(
                        406,
                        "NotAcceptableError",
                        "not_acceptable",
                        "None of the media types in the Accept header can be produced.");
            case 413 ->
                new ApiException(
                        413, "RequestEntityTooLargeError", "payload_too_large", "The request body is too large.");
            case 415 ->
                new ApiException(
                        415,
                        "UnsupportedMediaTypeError",
                        "unsupported_media_type",
                        "The request's Content-Type is not accepted here.");
            default ->
                new ApiException(status, "BadRequestError", "bad_request", "The request could not be understood.");
        };
    }

    private static Map<String, String> allowHeader(WebApplicationException exception) {
        String allow = exception.getResponse().getHeaderString(HttpHeaders.ALLOW);
        if (allow == null && exception instanceof NotAllowedException notAllowed) {
            allow = notAllowed.getResponse().getHeaderString(HttpHeaders.ALLOW);
        }
        return allow == null ? Map.of() : Map.of(HttpHeaders.ALLOW, allow);
    }
}
