package dev.pressroom.auth.flow;

import dev.pressroom.auth.account.Account;
import dev.pressroom.auth.client.Client;
import dev.pressroom.auth.store.PendingRequest;
import java.net.URI;
import java.util.Set;

/** What the browser sees next in an authorization: the client's redirect URI, the sign-in page or consent. */
public sealed interface AuthorizeStep {

    /** Set when this step started a new session: the endpoint sets it as the session cookie. */
    String newSessionCookie();

    record Redirect(URI location, String newSessionCookie) implements AuthorizeStep {}

    record SignIn(PendingRequest pending, Client client, String email, String error) implements AuthorizeStep {
        @Override
        public String newSessionCookie() {
            return null;
        }
    }

    record Consent(
            PendingRequest pending,
            Client client,
            Account account,
            Set<String> newScopes,
            Set<String> alreadyGranted,
            String newSessionCookie)
            implements AuthorizeStep {}
}
