package dev.pressroom.auth.endpoint;

import dev.pressroom.auth.grant.TokenInspection;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** User info (OIDC Core §5.3): GET and POST, the access token in the Authorization header only. */
@Path("/oauth/userinfo")
public class UserInfoResource {

    private final TokenInspection inspection;

    public UserInfoResource(TokenInspection inspection) {
        this.inspection = inspection;
    }

    @GET
    public Uni<Response> get(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization) {
        return inspection
                .userInfo(BearerToken.from(authorization))
                .map(claims -> TokenResource.noStore(Response.ok(claims, MediaType.APPLICATION_JSON_TYPE)));
    }

    @POST
    public Uni<Response> post(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization) {
        return get(authorization);
    }
}
