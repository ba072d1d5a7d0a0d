package dev.pressroom.auth.endpoint;

import dev.pressroom.auth.error.ErrorPageException;
import dev.pressroom.auth.flow.AuthorizationFlow;
import dev.pressroom.auth.flow.IdentityConfirmation;
import dev.pressroom.auth.page.Brand;
import dev.pressroom.auth.page.Problem;
import dev.pressroom.auth.passkey.PasskeyCeremonies;
import dev.pressroom.auth.passkey.PasskeyRefused;
import dev.pressroom.auth.store.PendingChange;
import dev.pressroom.auth.store.Session;
import dev.pressroom.kernel.id.Tokens;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;

/**
 * Passkeys (README, "Passkeys"): the sign-in page's ceremony (options, then the assertion posted as a form, answered
 * like the password form) and the account page's (options, the new credential posted as a form, remove). Options are
 * JSON for the page's script; everything else is a form post with the CSRF token, as the other forms.
 */
@Path("/")
public class PasskeyResource {

    private final AuthorizationFlow flow;
    private final IdentityConfirmation confirmation;
    private final PasskeyCeremonies passkeys;
    private final StepResponses steps;
    private final Cookies cookies;
    private final Brand brand;

    public PasskeyResource(
            AuthorizationFlow flow,
            IdentityConfirmation confirmation,
            PasskeyCeremonies passkeys,
            StepResponses steps,
            Cookies cookies,
            Brand brand) {
        this.flow = flow;
        this.confirmation = confirmation;
        this.passkeys = passkeys;
        this.steps = steps;
        this.cookies = cookies;
        this.brand = brand;
    }

    @POST
    @Path("signin/passkey/options")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> signInOptions(
            @FormParam("request") String request,
            @FormParam("csrf") String formCsrf,
            @Context HttpHeaders headers,
            @Context HttpServerRequest http) {
        return flow.passkeyOptions(request, formCsrf, cookies.csrf(headers), ClientAddress.of(http))
                .map(PasskeyResource::json);
    }

    @POST
    @Path("signin/passkey")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> signIn(
            @FormParam("request") String request,
            @FormParam("csrf") String formCsrf,
            @FormParam("credential") String credential,
            @Context HttpHeaders headers,
            @Context HttpServerRequest http) {
        String csrf = cookies.csrf(headers);
        return flow.signInWithPasskey(request, formCsrf, csrf, credential, ClientAddress.origin(http))
                .map(step -> steps.respond(step, csrf, headers.getHeaderString(HttpHeaders.ACCEPT_LANGUAGE)));
    }

    @POST
    @Path("account/passkeys/options")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> addOptions(
            @FormParam("csrf") String formCsrf,
            @FormParam("name") String name,
            @Context HttpHeaders headers,
            @Context HttpServerRequest http) {
        return recentlySignedIn(
                headers,
                http,
                formCsrf,
                session -> PendingChange.addPasskey(session.accountId(), PasskeyCeremonies.nameOf(name)),
                session ->
                        passkeys.creationOptions(session, brand.productName()).map(PasskeyResource::json));
    }

    @POST
    @Path("account/passkeys")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> add(
            @FormParam("csrf") String formCsrf,
            @FormParam("name") String name,
            @FormParam("credential") String credential,
            @Context HttpHeaders headers,
            @Context HttpServerRequest http) {
        return recentlySignedIn(
                headers,
                http,
                formCsrf,
                session -> PendingChange.addPasskey(session.accountId(), PasskeyCeremonies.nameOf(name)),
                session -> passkeys.add(session, name, credential, ClientAddress.origin(http))
                        .map(added -> backToAccount())
                        .onFailure(PasskeyRefused.class)
                        .transform(e -> ErrorPageException.badRequest(Problem.PASSKEY_NOT_ADDED)));
    }

    @POST
    @Path("account/passkeys/remove")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> remove(
            @FormParam("csrf") String formCsrf,
            @FormParam("id") String id,
            @Context HttpHeaders headers,
            @Context HttpServerRequest http) {
        UUID passkey = uuid(id);
        return recentlySignedIn(
                headers,
                http,
                formCsrf,
                session ->
                        passkey == null ? null : PendingChange.removePasskey(session.accountId(), passkey.toString()),
                session -> passkey == null
                        ? Uni.createFrom().item(backToAccount())
                        : passkeys.remove(session, passkey, ClientAddress.origin(http))
                                .replaceWith(backToAccount()));
    }

    /**
     * A change to how the person signs in needs what every account form needs, and a recent sign-in: an older session
     * is sent to sign in again first (README, Passkeys, "Changes need a recent sign-in"), so a borrowed session cannot
     * plant a passkey. The change asked for ({@code pending}, checked against the CSRF token like the change itself) is
     * kept with that sign-in and continues after it. The page's script follows the redirect too.
     */
    private Uni<Response> recentlySignedIn(
            HttpHeaders headers,
            HttpServerRequest http,
            String formCsrf,
            Function<Session, PendingChange> pending,
            Function<Session, Uni<Response>> change) {
        return signedIn(
                headers,
                formCsrf,
                session -> flow.allowsSignInChanges(session)
                        ? change.apply(session)
                        : confirmation
                                .confirmFirst(pending.apply(session), cookies.csrf(headers), ClientAddress.of(http))
                                .map(confirm -> Response.seeOther(confirm).build()));
    }

    /** The account forms need the session and the browser's CSRF token; without a session, the sign-in page. */
    private Uni<Response> signedIn(HttpHeaders headers, String formCsrf, Function<Session, Uni<Response>> action) {
        return flow.findSession(cookies.session(headers)).chain(session -> {
            if (session == null) {
                return Uni.createFrom().item(backToAccount());
            }
            if (formCsrf == null || !Tokens.constantTimeEquals(formCsrf, cookies.csrf(headers))) {
                throw ErrorPageException.badRequest(Problem.FORM_EXPIRED);
            }
            return action.apply(session);
        });
    }

    private static UUID uuid(String id) {
        try {
            return id == null || id.length() != 36 ? null : UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static Response backToAccount() {
        return Response.seeOther(URI.create("/account")).build();
    }

    private static Response json(Map<String, Object> options) {
        return Response.ok(options, MediaType.APPLICATION_JSON_TYPE)
                .header("Cache-Control", "no-store")
                .build();
    }
}
