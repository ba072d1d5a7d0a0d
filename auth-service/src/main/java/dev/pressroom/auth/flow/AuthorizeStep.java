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

    /** The sign-in page, with the reason the last attempt failed when it did (null on the first showing). */
    record SignIn(PendingRequest pending, Client client, String email, SignInError error) implements AuthorizeStep {
        @Override
        public String newSessionCookie() {
            return null;
        }
    }

    /**
     * Why a sign-in failed, for the message under the password field: a wrong password (an unknown account too), a
     * passkey that did not sign in, and how many seconds the next attempt must wait (0 for none). The same whether or
     * not the account exists.
     */
    record SignInError(Failure failure, long waitSeconds) {

        public enum Failure {
            WRONG_PASSWORD,
            PASSKEY_REFUSED,
            /** Refused unevaluated: only the wait is said. */
            MUST_WAIT
        }

        static SignInError wrongPassword(long waitSeconds) {
            return new SignInError(Failure.WRONG_PASSWORD, waitSeconds);
        }

        static SignInError passkeyRefused(long waitSeconds) {
            return new SignInError(Failure.PASSKEY_REFUSED, waitSeconds);
        }

        static SignInError mustWait(long waitSeconds) {
            return new SignInError(Failure.MUST_WAIT, waitSeconds);
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
