package dev.pressroom.auth.endpoint;

import dev.pressroom.auth.account.ConsentStore;
import dev.pressroom.auth.audit.AuditEventType;
import dev.pressroom.auth.audit.AuditRepository;
import dev.pressroom.auth.flow.AuthorizationFlow;
import dev.pressroom.auth.flow.ConnectedApps;
import dev.pressroom.auth.flow.IdentityConfirmation;
import dev.pressroom.auth.page.Language;
import dev.pressroom.auth.page.Messages;
import dev.pressroom.auth.page.Pages;
import dev.pressroom.auth.page.Texts;
import dev.pressroom.auth.store.PendingChange;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** The signed-in person's home with their passkeys, Connected apps (Remove revokes every grant of an app) and sign out. */
@Path("/")
public class AccountResource {

    private static final DateTimeFormatter WHEN =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'").withZone(ZoneOffset.UTC);

    private final AuthorizationFlow flow;
    private final IdentityConfirmation confirmation;
    private final ConnectedApps apps;
    private final StepResponses steps;
    private final Cookies cookies;

    public AccountResource(
            AuthorizationFlow flow,
            IdentityConfirmation confirmation,
            ConnectedApps apps,
            StepResponses steps,
            Cookies cookies) {
        this.flow = flow;
        this.confirmation = confirmation;
        this.apps = apps;
        this.steps = steps;
        this.cookies = cookies;
    }

    @GET
    public Response root() {
        return Response.seeOther(URI.create("/account")).build();
    }

    /** {@code resume}: a passkey to add again, after the person confirmed who they are ({@link #confirmIdentity}). */
    @GET
    @Path("account")
    public Uni<Response> home(
            @QueryParam("resume") String resume, @Context HttpHeaders headers, @Context HttpServerRequest http) {
        String csrf = cookies.csrf(headers);
        String token = Cookies.csrfOrNew(csrf);
        String acceptLanguage = headers.getHeaderString(HttpHeaders.ACCEPT_LANGUAGE);
        return flow.findSession(cookies.session(headers))
                .chain(s -> s == null
                        ? flow.accountSignIn(token, ClientAddress.of(http))
                                .map(step -> steps.respond(step, csrf, acceptLanguage))
                        : Uni.combine()
                                .all()
                                .unis(apps.home(s), confirmation.resumedChange(s, resume, csrf))
                                .asTuple()
                                .map(found -> page(
                                        found.getItem1(),
                                        found.getItem2(),
                                        token,
                                        csrf,
                                        Language.choose(null, acceptLanguage))));
    }

    /**
     * Sign in again (password or passkey, email filled in), then the change that sent the person here continues
     * ({@code request}: the sign-in kept with it); without one, back to the passkeys. Signed out, the home.
     */
    @GET
    @Path("account/confirm")
    public Uni<Response> confirmIdentity(
            @QueryParam("request") String request, @Context HttpHeaders headers, @Context HttpServerRequest http) {
        String csrf = cookies.csrf(headers);
        String acceptLanguage = headers.getHeaderString(HttpHeaders.ACCEPT_LANGUAGE);
        return flow.findSession(cookies.session(headers))
                .chain(s -> s == null
                        ? Uni.createFrom()
                                .item(Response.seeOther(URI.create("/account")).build())
                        : confirmation
                                .confirmIdentity(s, request, Cookies.csrfOrNew(csrf), ClientAddress.of(http))
                                .map(step -> steps.respond(step, csrf, acceptLanguage)));
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

    private Response page(
            ConnectedApps.Home home, PendingChange resumed, String token, String browserCsrf, Language language) {
        Messages texts = Texts.of(language);
        var passkeys = home.passkeys().stream()
                .map(p -> new Pages.PasskeyLine(
                        p.id().toString(),
                        p.name(),
                        format(p.createdAt()),
                        p.lastUsedAt() == null ? texts.never() : format(p.lastUsedAt())))
                .toList();
        var lines = home.apps().stream().map(app -> line(app, texts)).toList();
        var activity = home.activity().stream().map(e -> activity(e, texts)).toList();
        Response.ResponseBuilder builder = StepResponses.html(Texts.render(
                Pages.account(new Pages.AccountPage(
                        home.account().name(),
                        home.account().email(),
                        token,
                        passkeys,
                        resumed == null ? null : resumed.name(),
                        lines,
                        activity)),
                language));
        if (!token.equals(browserCsrf)) {
            builder.header(HttpHeaders.SET_COOKIE, cookies.newCsrf(token));
        }
        return builder.build();
    }

    private static Pages.AppLine line(ConsentStore.ConnectedApp app, Messages texts) {
        return new Pages.AppLine(
                app.clientId(),
                app.name(),
                app.verified(),
                StepResponses.lines(app.scopes(), texts),
                format(app.grantedAt()),
                app.lastUsedAt() == null ? texts.never() : format(app.lastUsedAt()));
    }

    /** The event in the person's words; the user agent is shown as the browser, as text (Qute escapes it). */
    private static Pages.ActivityLine activity(AuditRepository.StoredEvent e, Messages texts) {
        String app = e.clientName() != null ? e.clientName() : e.clientId() != null ? e.clientId() : null;
        String what = switch (AuditEventType.fromCode(e.type()).orElseThrow()) {
            case SIGN_IN -> {
                boolean passkey = "passkey".equals(e.details().get("method"));
                if (app == null) {
                    yield passkey ? texts.activitySignedInWithPasskey() : texts.activitySignedIn();
                }
                yield passkey ? texts.activitySignedInToWithPasskey(app) : texts.activitySignedInTo(app);
            }
            case SIGN_IN_FAILED ->
                switch (String.valueOf(e.details().get("reason"))) {
                    case "throttled" -> texts.activityThrottled();
                    case "locked" -> texts.activityLocked();
                    case "passkey_refused" -> texts.activityPasskeyRefused();
                    case "cloned_authenticator" -> texts.activityClonedAuthenticator();
                    default -> texts.activityWrongPassword();
                };
            case ACCOUNT_LOCKED ->
                texts.activityAccountLocked(String.valueOf(e.details().get("minutes")));
            case PASSKEY_ADDED ->
                texts.activityPasskeyAdded(String.valueOf(e.details().get("name")));
            case PASSKEY_REMOVED ->
                texts.activityPasskeyRemoved(String.valueOf(e.details().get("name")));
            case CONSENT_GIVEN -> texts.activityConsentGiven(app);
            case CONSENT_REMOVED -> texts.activityConsentRemoved(app);
            case APP_REMOVED -> texts.activityAppRemoved(app);
            default -> e.type();
        };
        return new Pages.ActivityLine(format(e.occurredAt()), what, e.address(), e.userAgent());
    }

    private static String format(Instant instant) {
        return WHEN.format(instant);
    }
}
