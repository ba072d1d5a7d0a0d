package dev.pressroom.auth.endpoint;

import dev.pressroom.auth.error.ErrorPageException;
import dev.pressroom.auth.flow.AuthorizationFlow;
import dev.pressroom.auth.flow.AuthorizeStep;
import dev.pressroom.auth.page.Problem;
import dev.pressroom.auth.request.FormBody;
import dev.pressroom.auth.request.Params;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import java.util.Map;

/** The authorization endpoint (RFC 6749 §3.1, OIDC Core §3.1.2.1: GET and POST) and its two forms. */
@Path("/")
public class AuthorizeResource {

    private final AuthorizationFlow flow;
    private final StepResponses steps;
    private final Cookies cookies;

    public AuthorizeResource(AuthorizationFlow flow, StepResponses steps, Cookies cookies) {
        this.flow = flow;
        this.steps = steps;
        this.cookies = cookies;
    }

    @GET
    @Path("oauth/authorize")
    public Uni<Response> authorize(
            @Context UriInfo uri, @Context HttpHeaders headers, @Context HttpServerRequest http) {
        return start(uri.getQueryParameters(), headers, http);
    }

    @POST
    @Path("oauth/authorize")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> authorizePost(String body, @Context HttpHeaders headers, @Context HttpServerRequest http) {
        return start(FormBody.decode(body, AuthorizeResource::malformed), headers, http);
    }

    @POST
    @Path("signin")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> signIn(
            @FormParam("request") String request,
            @FormParam("csrf") String formCsrf,
            @FormParam("email") String email,
            @FormParam("password") String password,
            @Context HttpHeaders headers,
            @Context HttpServerRequest http) {
        String csrf = cookies.csrf(headers);
        return flow.signIn(request, formCsrf, csrf, email, password, ClientAddress.origin(http))
                .map(step -> respond(step, csrf, headers));
    }

    /** "Back to the app" on a sign-in page that offers only a passkey: the app is told no sign-in took place. */
    @POST
    @Path("signin/cancel")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> cancelSignIn(
            @FormParam("request") String request, @FormParam("csrf") String formCsrf, @Context HttpHeaders headers) {
        String csrf = cookies.csrf(headers);
        return flow.cancelSignIn(request, formCsrf, csrf).map(step -> respond(step, csrf, headers));
    }

    @POST
    @Path("consent")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> consent(
            @FormParam("request") String request,
            @FormParam("csrf") String formCsrf,
            @FormParam("decision") String decision,
            @Context HttpHeaders headers,
            @Context HttpServerRequest http) {
        String csrf = cookies.csrf(headers);
        return flow.consent(request, formCsrf, csrf, cookies.session(headers), decision, ClientAddress.origin(http))
                .map(step -> respond(step, csrf, headers));
    }

    /** A form body with a bad percent-escape: the provider's error page, as for any malformed authorization request. */
    static ErrorPageException malformed() {
        return ErrorPageException.badRequest(Problem.MALFORMED_FORM);
    }

    private Uni<Response> start(Map<String, List<String>> params, HttpHeaders headers, HttpServerRequest http) {
        String csrf = cookies.csrf(headers);
        String token = Cookies.csrfOrNew(csrf);
        return flow.authorize(
                        new Params(params, IllegalArgumentException::new),
                        cookies.session(headers),
                        token,
                        ClientAddress.of(http))
                .map(step -> respond(step, csrf, headers));
    }

    private Response respond(AuthorizeStep step, String browserCsrf, HttpHeaders headers) {
        return steps.respond(step, browserCsrf, headers.getHeaderString(HttpHeaders.ACCEPT_LANGUAGE));
    }
}
