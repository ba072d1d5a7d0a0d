package dev.pressroom.auth.endpoint;

import dev.pressroom.auth.dpop.Presentation;
import dev.pressroom.auth.grant.TokenInspection;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

/**
 * User info (OIDC Core §5.3): GET and POST. The access token comes in the Authorization header, or on POST in a
 * form body (RFC 6750 §2.2); never in the query. A DPoP-bound token comes with the DPoP scheme and a proof (RFC 9449 §7).
 */
@Path("/oauth/userinfo")
public class UserInfoResource {

    private final TokenInspection inspection;

    public UserInfoResource(TokenInspection inspection) {
        this.inspection = inspection;
    }

    @GET
    public Uni<Response> get(
            @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
            @Context UriInfo uri,
            @Context HttpServerRequest http) {
        return answer(
                BearerToken.fromHeaderOrForm(authorization, uri.getQueryParameters(), null, null),
                presentation(authorization, http));
    }

    @POST
    public Uni<Response> post(
            @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
            @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            String body,
            @Context UriInfo uri,
            @Context HttpServerRequest http) {
        return answer(
                BearerToken.fromHeaderOrForm(authorization, uri.getQueryParameters(), contentType, body),
                presentation(authorization, http));
    }

    private static Presentation presentation(String authorization, HttpServerRequest http) {
        return new Presentation(
                BearerToken.isDpop(authorization),
                http.headers().getAll("DPoP"),
                http.method().name());
    }

    private Uni<Response> answer(String accessToken, Presentation presented) {
        return inspection
                .userInfo(accessToken, presented)
                .map(claims -> TokenResource.noStore(Response.ok(claims, MediaType.APPLICATION_JSON_TYPE)));
    }
}
