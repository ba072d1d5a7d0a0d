package dev.pressroom.kernel.error;

import dev.pressroom.kernel.id.Tokens;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import org.jboss.logging.Logger;

/**
 * Anything unexpected: 500 with a generic message and a correlation id that also stands in the log,
 * so an operator can find the stack trace and the client never sees internals.
 */
@Provider
public class UnexpectedExceptionMapper implements ExceptionMapper<Throwable> {

    private static final Logger LOG = Logger.getLogger(UnexpectedExceptionMapper.class);

    @Override
    public Response toResponse(Throwable exception) {
        String correlationId = Tokens.random(9);
        LOG.errorf(exception, "Unexpected failure [%s]", correlationId);
        return ErrorResponses.of(new ApiException(
                500,
                "InternalServerError",
                "internal_error",
                "An unexpected error occurred (reference " + correlationId + ")."));
    }
}
