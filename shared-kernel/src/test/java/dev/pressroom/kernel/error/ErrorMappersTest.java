package dev.pressroom.kernel.error;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.core.Response;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ErrorMappersTest {

    @Test
    void apiExceptionWhenMappedThenEnvelopeStatusHeadersAndNoStore() {
        ApiException limited =
                new ApiException(429, "TooManyRequestsError", "rate_limited", "Slow down.", Map.of("Retry-After", "7"));

        Response response = new ApiExceptionMapper().toResponse(limited);

        assertThat(response.getStatus()).isEqualTo(429);
        assertThat(response.getHeaderString("Retry-After")).isEqualTo("7");
        assertThat(response.getHeaderString("Cache-Control")).isEqualTo("no-store");
        assertThat(response.getEntity())
                .isEqualTo(ErrorEnvelope.of("TooManyRequestsError", "rate_limited", "Slow down."));
    }

    @Test
    void webApplicationExceptionWhenNotFoundThenNotFoundError() {
        Response response = new WebApplicationExceptionMapper().toResponse(new NotFoundException());

        assertThat(response.getStatus()).isEqualTo(404);
        assertThat(((ErrorEnvelope) response.getEntity()).errors().get(0).code())
                .isEqualTo("not_found");
    }

    @Test
    void webApplicationExceptionWhenMethodNotAllowedThenAllowHeaderKept() {
        Response response = new WebApplicationExceptionMapper()
                .toResponse(new NotAllowedException("GET", new String[] {"OPTIONS"}));

        assertThat(response.getStatus()).isEqualTo(405);
        assertThat(response.getHeaderString("Allow")).contains("GET").contains("OPTIONS");
        assertThat(((ErrorEnvelope) response.getEntity()).errors().get(0).code())
                .isEqualTo("method_not_allowed");
    }

    @Test
    void unexpectedWhenMappedThenGenericMessageWithoutInternals() {
        Response response = new UnexpectedExceptionMapper()
                .toResponse(new IllegalStateException("password=hunter2 at db.internal:5432"));

        ErrorEnvelope.Entry error =
                ((ErrorEnvelope) response.getEntity()).errors().get(0);
        assertThat(response.getStatus()).isEqualTo(500);
        assertThat(error.code()).isEqualTo("internal_error");
        assertThat(error.message())
                .doesNotContain("hunter2")
                .doesNotContain("IllegalState")
                .contains("reference");
    }
}
