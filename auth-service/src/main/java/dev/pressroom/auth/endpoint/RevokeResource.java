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
import jakarta.ws.rs.core.Response;

/** Token revocation (RFC 7009): token and token_type_hint, client authenticated as at the token endpoint. */
@Path("/oauth/revoke")
public class RevokeResource {

    private final ClientService clients;
    private final TokenInspection inspection;

    public RevokeResource(ClientService clients, TokenInspection inspection) {
        this.clients = clients;
        this.inspection = inspection;
    }

    @POST
    public Uni<Response> revoke(
            @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
            String body) {
        Params params = FormBody.parse(contentType, body);
        String token = params.required(OAuthParams.TOKEN);
        String hint = params.optional(OAuthParams.TOKEN_TYPE_HINT).orElse(null);
        return clients.authenticate(ClientCredentials.from(authorization, params))
                .chain(client -> inspection.revoke(client, token, hint))
                .map(done -> TokenResource.noStore(Response.ok()));
    }
}
