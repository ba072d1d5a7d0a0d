package dev.pressroom.auth.flow;

import dev.pressroom.auth.client.Client;
import dev.pressroom.auth.client.ClientService;
import dev.pressroom.auth.error.ErrorPageException;
import dev.pressroom.auth.grant.Revocations;
import dev.pressroom.auth.logout.BackchannelLogout;
import dev.pressroom.auth.page.Problem;
import dev.pressroom.auth.request.OAuthParams;
import dev.pressroom.auth.request.Params;
import dev.pressroom.auth.store.Session;
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
 * OpenID Connect RP-Initiated Logout 1.0. The session ends at once only for an id_token_hint of the current
 * session (same sub and sid, §2); otherwise the person confirms, so neither a third-party page nor an ID token of
 * another account (opened in the victim's browser) signs anyone out. post_logout_redirect_uri is followed only for
 * the client the hint names, and only when the hint is the current session's, or when no session is left and the
 * client is first-party: never through a client someone registered to bounce people to an address of theirs.
 */
@ApplicationScoped
public class LogoutFlow {

    private final ClientService clients;
    private final SessionStore sessions;
    private final Revocations revocations;
    private final IdTokenHints hints;
    private final BackchannelLogout backchannel;

    public LogoutFlow(
            ClientService clients,
            SessionStore sessions,
            Revocations revocations,
            IdTokenHints hints,
            BackchannelLogout backchannel) {
        this.clients = clients;
        this.sessions = sessions;
        this.revocations = revocations;
        this.hints = hints;
        this.backchannel = backchannel;
    }

    /** What to show: the confirmation form, or the outcome once signed out. */
    public sealed interface Step {
        record Confirm() implements Step {}

        record SignedOut(URI redirect, String clientName) implements Step {}
    }

    public Uni<Step> logout(Params raw, String sessionCookie, boolean confirmed, String formCsrf, String cookieCsrf) {
        Params params =
                new Params(raw.values(), m -> ErrorPageException.badRequest(Problem.INVALID_SIGN_OUT, m)).checkAll();
        String hintValue = params.optional(OAuthParams.ID_TOKEN_HINT).orElse(null);
        Optional<IdTokenHints.Hint> hint = hintValue == null ? Optional.empty() : hints.read(hintValue);
        if (hintValue != null && hint.isEmpty()) {
            throw ErrorPageException.badRequest(Problem.UNKNOWN_HINT);
        }
        String clientId = params.optional(OAuthParams.CLIENT_ID)
                .orElse(hint.map(IdTokenHints.Hint::clientId).orElse(null));
        if (hint.isPresent() && !hint.get().clientId().equals(clientId)) {
            throw ErrorPageException.badRequest(Problem.HINT_OF_OTHER_CLIENT);
        }
        String postLogout =
                params.optional(OAuthParams.POST_LOGOUT_REDIRECT_URI).orElse(null);
        String state = params.optional(OAuthParams.STATE).orElse(null);
        boolean csrfOk = confirmed && formCsrf != null && Tokens.constantTimeEquals(formCsrf, cookieCsrf);
        return (clientId == null ? Uni.createFrom().<Client>nullItem() : clients.find(clientId)).chain(client -> {
            if (postLogout != null
                    && (client == null || !client.postLogoutRedirectUris().contains(postLogout))) {
                throw ErrorPageException.badRequest(Problem.UNREGISTERED_SIGN_OUT);
            }
            URI redirect = postLogout == null ? null : RedirectUris.withQuery(postLogout, stateQuery(state));
            return sessions.find(sessionCookie).chain(session -> {
                Step step = decide(hint, session, client, redirect, csrfOk);
                return step instanceof Step.SignedOut && session != null
                        ? revocations
                                .endSession(sessionCookie)
                                .chain(() -> backchannel.sessionEnded(session))
                                .replaceWith(step)
                        : Uni.createFrom().item(step);
            });
        });
    }

    /** §2: the OP must ask unless the hint belongs to the current session with the same End-User. */
    private static Step decide(
            Optional<IdTokenHints.Hint> hint, Session session, Client client, URI redirect, boolean confirmed) {
        if (hint.isPresent() && session != null && hint.get().isOf(session)) {
            return new Step.SignedOut(redirect, client == null ? null : client.name());
        }
        if (hint.isPresent() && session == null) {
            // Nothing to end: the app is sent back only when staff registered it, since a hint alone
            // (anyone can hold one for their own account) must not make this host redirect to any address.
            boolean trusted = client != null && client.kind() == Client.Kind.FIRST_PARTY;
            return new Step.SignedOut(trusted ? redirect : null, trusted ? client.name() : null);
        }
        return confirmed ? new Step.SignedOut(null, null) : new Step.Confirm();
    }

    private static Map<String, String> stateQuery(String state) {
        Map<String, String> query = new LinkedHashMap<>();
        query.put("state", state);
        return query;
    }
}
