package dev.pressroom.auth.admin;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.auth.error.OAuthException;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Admin API requests as records checked by Bean Validation: the constraints sit on the records' components, and
 * every violation becomes one 400 invalid_request naming each wrong member. Called from Vert.x routes on the
 * management interface, where JAX-RS's {@code @Valid} does not apply.
 */
@ApplicationScoped
public class AdminRequests {

    private final ObjectMapper json;
    private final Validator validator;

    public AdminRequests(ObjectMapper json, Validator validator) {
        this.json = json;
        this.validator = validator;
    }

    /** The JSON body read as {@code type} (unknown members ignored) and validated. */
    <T> T body(RoutingContext ctx, Class<T> type) {
        String body = ctx.body().asString();
        T request;
        try {
            request = json.readValue(body == null ? "" : body, type);
        } catch (JsonProcessingException e) {
            throw OAuthException.invalidRequest("The body must be JSON.");
        }
        if (request == null) {
            throw OAuthException.invalidRequest("The body is empty.");
        }
        return valid(request);
    }

    /** {@code request} when its constraints hold; else 400 invalid_request saying which do not. */
    <T> T valid(T request) {
        Set<ConstraintViolation<T>> violations = validator.validate(request);
        if (!violations.isEmpty()) {
            throw OAuthException.invalidRequest(describe(violations));
        }
        return request;
    }

    /** "password must have at least 8 characters; role must be ...", in a stable order. */
    static String describe(Set<? extends ConstraintViolation<?>> violations) {
        return violations.stream()
                        .map(v -> v.getPropertyPath() + " " + v.getMessage())
                        .sorted()
                        .collect(Collectors.joining("; "))
                + ".";
    }
}
