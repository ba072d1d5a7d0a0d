package dev.pressroom.auth.flow;

import dev.pressroom.auth.account.Account;
import dev.pressroom.auth.account.AccountService;
import dev.pressroom.auth.account.ConsentRepository;
import dev.pressroom.auth.error.ErrorPageException;
import dev.pressroom.auth.store.Session;
import dev.pressroom.auth.grant.Revocations;
import dev.pressroom.kernel.id.Tokens;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.UUID;

/** The signed-in person's home: the apps they granted, and removing one (every grant revoked at once). */
@ApplicationScoped
public class ConnectedApps {

    private final AccountService accounts;
    private final ConsentRepository consents;
    private final Revocations revocations;

    public ConnectedApps(AccountService accounts, ConsentRepository consents, Revocations revocations) {
        this.accounts = accounts;
        this.consents = consents;
        this.revocations = revocations;
    }

    public record Home(Account account, List<ConsentRepository.ConnectedApp> apps) {
    }

    public Uni<Home> home(Session session) {
        UUID id = UUID.fromString(session.accountId());
        return accounts.find(id).chain(account -> consents.connectedApps(id).map(apps -> new Home(account, apps)));
    }

    /**
     * Consent first, then the tokens: once the consent is gone no new code is issued without asking and no token of
     * the app refreshes (TokenIssuer checks the consent), and the revocation then removes every code, access token
     * and refresh chain already issued.
     */
    public Uni<Void> remove(Session session, String clientId, String formCsrf, String cookieCsrf) {
        if (formCsrf == null || !Tokens.constantTimeEquals(formCsrf, cookieCsrf) || clientId == null
                || clientId.length() > 64) {
            return Uni.createFrom().failure(ErrorPageException.badRequest("Request expired",
                    "This form has expired or was not opened in this browser. Reload the page and try again."));
        }
        return consents.remove(UUID.fromString(session.accountId()), clientId)
                .chain(() -> revocations.revokeApp(session.accountId(), clientId, Revocations.Reason.CONNECTED_APPS));
    }
}
