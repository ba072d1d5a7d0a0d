package dev.pressroom.auth.endpoint;

import dev.pressroom.auth.flow.LogoutFlow;
import dev.pressroom.auth.page.Language;
import dev.pressroom.auth.page.Pages;
import dev.pressroom.auth.page.Texts;
import dev.pressroom.auth.request.FormBody;
import dev.pressroom.auth.request.Params;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
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

/** RP-Initiated Logout (GET and POST, §2): id_token_hint, post_logout_redirect_uri, state, client_id. */
@Path("/oauth/logout")
public class LogoutResource {

    private final LogoutFlow flow;
    private final Cookies cookies;

    public LogoutResource(LogoutFlow flow, Cookies cookies) {
        this.flow = flow;
        this.cookies = cookies;
    }

    @GET
    public Uni<Response> get(@Context UriInfo uri, @Context HttpHeaders headers) {
        return run(uri.getQueryParameters(), headers);
    }

    @POST
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> post(String body, @Context HttpHeaders headers) {
        return run(FormBody.decode(body, AuthorizeResource::malformed), headers);
    }

    private Uni<Response> run(Map<String, List<String>> params, HttpHeaders headers) {
        String csrf = cookies.csrf(headers);
        boolean confirmed = "yes".equals(first(params, "confirm"));
        String formCsrf = first(params, "csrf");
        String token = Cookies.csrfOrNew(csrf);
        Language language = Language.choose(null, headers.getHeaderString(HttpHeaders.ACCEPT_LANGUAGE));
        return flow.logout(
                        new Params(params, IllegalArgumentException::new),
                        cookies.session(headers),
                        confirmed,
                        formCsrf,
                        csrf)
                .map(step -> {
                    if (step instanceof LogoutFlow.Step.Confirm) {
                        return Response.ok(
                                        Texts.render(Pages.logout(new Pages.LogoutPage(token)), language),
                                        MediaType.TEXT_HTML_TYPE)
                                .header(HttpHeaders.SET_COOKIE, cookies.newCsrf(token))
                                .build();
                    }
                    LogoutFlow.Step.SignedOut out = (LogoutFlow.Step.SignedOut) step;
                    Response.ResponseBuilder builder = out.redirect() != null
                            ? Response.seeOther(out.redirect())
                            : Response.ok(
                                    Texts.render(Pages.signedout(out.clientName()), language),
                                    MediaType.TEXT_HTML_TYPE);
                    return builder.header(HttpHeaders.SET_COOKIE, cookies.clearSession())
                            .build();
                });
    }

    private static String first(Map<String, List<String>> params, String name) {
        List<String> values = params.get(name);
        return values == null || values.isEmpty() ? null : values.get(0);
    }
}
