package dev.pressroom.auth.endpoint;

import dev.pressroom.auth.abuse.AbuseLimits;
import dev.pressroom.auth.client.ClientService;
import dev.pressroom.auth.dpop.DpopProofs;
import dev.pressroom.auth.flow.PushedAuthorizationRequests;
import dev.pressroom.auth.request.ClientCredentials;
import dev.pressroom.auth.request.FormBody;
import dev.pressroom.auth.request.Params;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * The pushed authorization request endpoint (RFC 9126 §2): client authentication as at the token endpoint, and an
 * optional DPoP proof that binds the code to its key (RFC 9449 §10.1).
 */
@Path("/oauth/par")
public class PushedAuthorizationRequestResource {

    private final ClientService clients;
    private final PushedAuthorizationRequests pushed;
    private final AbuseLimits limits;
    private final DpopProofs dpop;

    public PushedAuthorizationRequestResource(
            ClientService clients, PushedAuthorizationRequests pushed, AbuseLimits limits, DpopProofs dpop) {
        this.clients = clients;
        this.pushed = pushed;
        this.limits = limits;
        this.dpop = dpop;
    }

    @POST
    public Uni<Response> push(
            @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
            String body,
            @Context HttpServerRequest http) {
        Params params = FormBody.parse(contentType, body);
        ClientCredentials credentials = ClientCredentials.from(authorization, params);
        return limits.pushedRequest(ClientAddress.of(http))
                .chain(() -> clients.authenticate(credentials))
                .chain(client -> dpop.pushedRequest(http.headers().getAll("DPoP"))
                        .chain(jkt -> pushed.push(client, params, jkt)))
                .map(answer -> TokenResource.noStore(
                        Response.status(201).entity(answer).type(MediaType.APPLICATION_JSON_TYPE)));
    }
}
