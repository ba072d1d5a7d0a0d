package dev.pressroom.auth.endpoint;

import dev.pressroom.auth.account.ConsentStore;
import dev.pressroom.auth.audit.AuditEventType;
import dev.pressroom.auth.audit.AuditRepository;
import dev.pressroom.auth.flow.AuthorizationFlow;
import dev.pressroom.auth.flow.ConnectedApps;
import dev.pressroom.auth.page.Pages;
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
import java.net.URI;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** The signed-in person's home with Connected apps (Remove revokes every grant of an app) and sign out. */
@Path("/")
public class AccountResource {

    private static final DateTimeFormatter WHEN =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'").withZone(ZoneOffset.UTC);

    private final AuthorizationFlow flow;
    private final ConnectedApps apps;
    private final StepResponses steps;
    private final Cookies cookies;

    public AccountResource(AuthorizationFlow flow, ConnectedApps apps, StepResponses steps, Cookies cookies) {
        this.flow = flow;
        this.apps = apps;
        this.steps = steps;
        this.cookies = cookies;
    }

    @GET
    public Response root() {
        return Response.seeOther(URI.create("/account")).build();
    }

    @GET
    @Path("account")
    public Uni<Response> home(@Context HttpHeaders headers, @Context HttpServerRequest http) {
        String csrf = cookies.csrf(headers);
        String token = Cookies.csrfOrNew(csrf);
        return flow.findSession(cookies.session(headers))
                .chain(s -> s == null
                        ? flow.accountSignIn(token, ClientAddress.of(http)).map(step -> steps.respond(step, csrf))
                        : apps.home(s).map(home -> page(home, token, csrf)));
    }

    @POST
    @Path("account/apps/remove")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> remove(
            @FormParam("client_id") String clientId,
            @FormParam("csrf") String formCsrf,
            @Context HttpHeaders headers,
            @Context HttpServerRequest http) {
        return flow.findSession(cookies.session(headers))
                .chain(s -> s == null
                        ? Uni.createFrom()
                                .item(Response.seeOther(URI.create("/account")).build())
                        : apps.remove(s, clientId, formCsrf, cookies.csrf(headers), ClientAddress.origin(http))
                                .replaceWith(Response.seeOther(URI.create("/account"))
                                        .build()));
    }

    private Response page(ConnectedApps.Home home, String token, String browserCsrf) {
        var lines = home.apps().stream().map(AccountResource::line).toList();
        var activity = home.activity().stream().map(AccountResource::activity).toList();
        Response.ResponseBuilder builder = StepResponses.html(Pages.account(new Pages.AccountPage(
                        home.account().name(), home.account().email(), token, lines, activity))
                .render());
        if (!token.equals(browserCsrf)) {
            builder.header(HttpHeaders.SET_COOKIE, cookies.newCsrf(token));
        }
        return builder.build();
    }

    private static Pages.AppLine line(ConsentStore.ConnectedApp app) {
        return new Pages.AppLine(
                app.clientId(),
                app.name(),
                app.verified(),
                StepResponses.lines(app.scopes()),
                format(app.grantedAt()),
                app.lastUsedAt() == null ? "never" : format(app.lastUsedAt()));
    }

    /** The event in the person's words; the user agent is shown as the browser, as text (Qute escapes it). */
    private static Pages.ActivityLine activity(AuditRepository.StoredEvent e) {
        String app = e.clientName() != null ? e.clientName() : e.clientId() != null ? e.clientId() : null;
        String what = switch (AuditEventType.fromCode(e.type()).orElseThrow()) {
            case SIGN_IN -> app == null ? "Signed in" : "Signed in to " + app;
            case SIGN_IN_FAILED ->
                switch (String.valueOf(e.details().get("reason"))) {
                    case "throttled" -> "Sign-in refused: too many failed attempts, had to wait";
                    case "locked" -> "Sign-in refused: locked after too many failed attempts";
                    default -> "Failed sign-in: wrong password";
                };
            case ACCOUNT_LOCKED ->
                "Sign-in locked for " + e.details().get("minutes")
                        + " minutes from this address after too many failed attempts";
            case CONSENT_GIVEN -> "Allowed " + app;
            case CONSENT_REMOVED -> "Withdrew what " + app + " was allowed";
            case APP_REMOVED -> "Removed " + app + " and ended its access";
            default -> e.type();
        };
        return new Pages.ActivityLine(format(e.occurredAt()), what, e.address(), e.userAgent());
    }

    private static String format(Instant instant) {
        return WHEN.format(instant);
    }
}
