package dev.pressroom.auth.flow;

import dev.pressroom.auth.client.Client;
import dev.pressroom.auth.client.ClientService;
import dev.pressroom.auth.error.ErrorPageException;
import dev.pressroom.auth.request.OAuthParams;
import dev.pressroom.auth.request.Params;
import dev.pressroom.auth.store.SessionStore;
import dev.pressroom.auth.token.IdTokenHints;
import dev.pressroom.auth.validate.RedirectUris;
import dev.pressroom.kernel.id.Tokens;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * OpenID Connect RP-Initiated Logout 1.0. With a valid id_token_hint the session ends at once; without one the
 * person confirms first (§2: the OP should ask), so a third-party page cannot sign people out.
 */
@ApplicationScoped
public class LogoutFlow {

    private final ClientService clients;
    private final SessionStore sessions;
    private final IdTokenHints hints;

    public LogoutFlow(ClientService clients, SessionStore sessions, IdTokenHints hints) {
        this.clients = clients;
        this.sessions = sessions;
        this.hints = hints;
    }

    /** What to show: the confirmation form, or the outcome once signed out. */
    public sealed interface Step {
        record Confirm(String clientId, String postLogoutRedirectUri, String state) implements Step {
        }

        record SignedOut(URI redirect, String clientName) implements Step {
        }
    }

    public Uni<Step> logout(Params raw, String sessionCookie, boolean confirmed, String formCsrf, String cookieCsrf) {
        Params params = new Params(raw.values(), m -> ErrorPageException.badRequest("Invalid sign-out request", m)).checkAll();
        String hintValue = params.optional(OAuthParams.ID_TOKEN_HINT).orElse(null);
        Optional<IdTokenHints.Hint> hint = hintValue == null ? Optional.empty() : hints.read(hintValue);
        if (hintValue != null && hint.isEmpty()) {
            throw ErrorPageException.badRequest("Invalid sign-out request", "The id_token_hint is not one of our ID tokens.");
        }
        String clientId = params.optional(OAuthParams.CLIENT_ID).orElse(hint.map(IdTokenHints.Hint::clientId).orElse(null));
        if (hint.isPresent() && !hint.get().clientId().equals(clientId)) {
            throw ErrorPageException.badRequest("Invalid sign-out request", "client_id does not match the id_token_hint.");
        }
        String postLogout = params.optional(OAuthParams.POST_LOGOUT_REDIRECT_URI).orElse(null);
        String state = params.optional(OAuthParams.STATE).orElse(null);
        boolean csrfOk = confirmed && formCsrf != null && Tokens.constantTimeEquals(formCsrf, cookieCsrf);
        return (clientId == null ? Uni.createFrom().<Client>nullItem() : clients.find(clientId)).chain(client -> {
            if (postLogout != null && (client == null || !client.postLogoutRedirectUris().contains(postLogout))) {
                throw ErrorPageException.badRequest("Unregistered sign-out address",
                        "The app asked to send you to an address it has not registered for sign-out.");
            }
            if (hint.isEmpty() && !csrfOk) {
                return Uni.createFrom().item((Step) new Step.Confirm(clientId, postLogout, state));
            }
            Map<String, String> query = new LinkedHashMap<>();
            query.put("state", state);
            URI redirect = postLogout == null ? null : RedirectUris.withQuery(postLogout, query);
            Uni<Void> end = sessionCookie == null || sessionCookie.length() > 64 ? Uni.createFrom().voidItem()
                    : sessions.delete(sessionCookie);
            return end.replaceWith(new Step.SignedOut(redirect, client == null ? null : client.name()));
        });
    }
}
