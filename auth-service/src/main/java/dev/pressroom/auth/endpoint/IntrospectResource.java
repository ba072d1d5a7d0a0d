package dev.pressroom.auth.endpoint;

import dev.pressroom.auth.client.ClientService;
import dev.pressroom.auth.grant.TokenInspection;
import dev.pressroom.auth.request.ClientCredentials;
import dev.pressroom.auth.request.FormBody;
import dev.pressroom.auth.request.OAuthParams;
import dev.pressroom.auth.request.Params;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** Token introspection (RFC 7662) for confidential clients authenticated with HTTP Basic. */
@Path("/oauth/introspect")
public class IntrospectResource {

    private final ClientService clients;
    private final TokenInspection inspection;

    public IntrospectResource(ClientService clients, TokenInspection inspection) {
        this.clients = clients;
        this.inspection = inspection;
    }

    @POST
    public Uni<Response> introspect(
            @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
            String body) {
        Params params = FormBody.parse(contentType, body);
        String token = params.required(OAuthParams.TOKEN);
        String hint = params.optional(OAuthParams.TOKEN_TYPE_HINT).orElse(null);
        return clients.authenticateConfidential(ClientCredentials.from(authorization, params))
                .chain(client -> inspection.introspect(client, token, hint))
                .map(answer -> TokenResource.noStore(Response.ok(answer, MediaType.APPLICATION_JSON_TYPE)));
    }
}
