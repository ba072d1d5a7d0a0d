package dev.pressroom.auth.endpoint;

import dev.pressroom.auth.abuse.AbuseLimits;
import dev.pressroom.auth.client.ClientService;
import dev.pressroom.auth.dpop.DpopProofs;
import dev.pressroom.auth.error.OAuthException;
import dev.pressroom.auth.grant.GrantRegistry;
import dev.pressroom.auth.request.ClientCredentials;
import dev.pressroom.auth.request.FormBody;
import dev.pressroom.auth.request.Params;
import dev.pressroom.auth.request.TokenRequest;
import dev.pressroom.kernel.warmup.WarmUpPass;
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
 * The token endpoint (RFC 6749 §3.2): authorization_code and refresh_token, with a DPoP proof binding the tokens
 * (RFC 9449 §5).
 */
@Path("/oauth/token")
public class TokenResource {

    private final ClientService clients;
    private final GrantRegistry grants;
    private final AbuseLimits limits;
    private final DpopProofs dpop;
    private final WarmUpPass warmUp;

    public TokenResource(
            ClientService clients, GrantRegistry grants, AbuseLimits limits, DpopProofs dpop, WarmUpPass warmUp) {
        this.clients = clients;
        this.grants = grants;
        this.limits = limits;
        this.dpop = dpop;
        this.warmUp = warmUp;
    }

    @POST
    public Uni<Response> token(
            @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
            String body,
            @Context HttpServerRequest http) {
        Params params = FormBody.parse(contentType, body);
        TokenRequest request = TokenRequest.parse(params);
        ClientCredentials credentials = ClientCredentials.from(authorization, params);
        // Counted like any request, so the warm-up runs the limit's code as traffic will; only a request the limit
        // refuses is asked whether it is the warm-up's own (kernel WarmUpPass).
        Uni<Void> limited = limits.tokenRequest(ClientAddress.of(http))
                .onFailure(
                        refused -> refused instanceof OAuthException e && e.status() == 429 && warmUp.carriedBy(http))
                .recoverWithNull();
        return limited.chain(() -> clients.authenticate(credentials))
                .chain(client -> dpop.tokenRequest(client, http.headers().getAll("DPoP"))
                        .chain(jkt -> grants.handle(client, request, ClientAddress.origin(http), jkt)))
                .map(tokens -> noStore(Response.ok(tokens, MediaType.APPLICATION_JSON_TYPE)));
    }

    /** RFC 6749 §5.1: token answers are never cached. */
    static Response noStore(Response.ResponseBuilder builder) {
        return builder.header("Cache-Control", "no-store")
                .header("Pragma", "no-cache")
                .build();
    }
}
