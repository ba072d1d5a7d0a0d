package dev.pressroom.content.ghost;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.pressroom.kernel.error.ErrorEnvelope;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;

/**
 * What every answer under a Ghost base carries as Ghost's would: errors in Ghost's error shape (our message, type and
 * code, and Ghost's other keys) and, when the client sent {@code Accept-Version}, a {@code Content-Version} naming
 * the Ghost version whose shape this is (Ghost's API versioning page).
 */
public class GhostResponses {

    /** The Ghost version whose Content API these routes answer as. */
    static final String CONTENT_VERSION = "v6.0";

    private static final Pattern GHOST_PATH = Pattern.compile("/api/content/v1/blogs/[^/]+/ghost/api/content(/.*)?");

    /** One error as Ghost writes it: every key present, null when Ghost would have nothing to say. */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @RegisterForReflection
    public record GhostError(
            String message,
            String context,
            String type,
            String details,
            String property,
            String help,
            String code,
            String id,
            String ghostErrorCode) {}

    /** Written by Jackson from a response filter, where Quarkus REST does not see the type: registered here. */
    @RegisterForReflection
    public record GhostErrors(List<GhostError> errors) {}

    @ServerResponseFilter
    public void reshape(ContainerRequestContext request, ContainerResponseContext response) {
        if (!GHOST_PATH.matcher(request.getUriInfo().getPath()).matches()) {
            return;
        }
        if (response.getEntity() instanceof ErrorEnvelope envelope) {
            response.setEntity(of(envelope));
        }
        if (request.getHeaderString("Accept-Version") != null) {
            response.getHeaders().putSingle("Content-Version", CONTENT_VERSION);
        }
    }

    static GhostErrors of(ErrorEnvelope envelope) {
        return new GhostErrors(envelope.errors().stream()
                .map(e -> new GhostError(
                        e.message(),
                        null,
                        e.type(),
                        null,
                        null,
                        null,
                        e.code(),
                        UUID.randomUUID().toString(),
                        null))
                .toList());
    }
}
