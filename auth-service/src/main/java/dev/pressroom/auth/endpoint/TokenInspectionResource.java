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

/**
 * The two endpoints a client sends one of its tokens to: revocation (RFC 7009) and introspection (RFC 7662). Both
 * read the same form ({@code token}, optional {@code token_type_hint}) with the client's credentials.
 */
@Path("/")
public class TokenInspectionResource {

    private final ClientService clients;
    private final TokenInspection inspection;

    public TokenInspectionResource(ClientService clients, TokenInspection inspection) {
        this.clients = clients;
        this.inspection = inspection;
    }

    /** Any client authenticated as at the token endpoint; revoking another client's token does nothing. */
    @POST
    @Path("oauth/revoke")
    public Uni<Response> revoke(
            @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
            String body) {
        TokenForm form = TokenForm.parse(contentType, authorization, body);
        return clients.authenticate(form.credentials())
                .chain(client -> inspection.revoke(client, form.token(), form.hint()))
                .map(done -> TokenResource.noStore(Response.ok()));
    }

    /** Confidential clients only (HTTP Basic). */
    @POST
    @Path("oauth/introspect")
    public Uni<Response> introspect(
            @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
            String body) {
        TokenForm form = TokenForm.parse(contentType, authorization, body);
        return clients.authenticateConfidential(form.credentials())
                .chain(client -> inspection.introspect(client, form.token(), form.hint()))
                .map(answer -> TokenResource.noStore(Response.ok(answer, MediaType.APPLICATION_JSON_TYPE)));
    }

    private record TokenForm(ClientCredentials credentials, String token, String hint) {

        static TokenForm parse(String contentType, String authorization, String body) {
            Params params = FormBody.parse(contentType, body);
            String token = params.required(OAuthParams.TOKEN);
            String hint = params.optional(OAuthParams.TOKEN_TYPE_HINT).orElse(null);
            return new TokenForm(ClientCredentials.from(authorization, params), token, hint);
        }
    }
}
