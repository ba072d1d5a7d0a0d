package dev.pressroom.auth.flow;

import dev.pressroom.auth.account.AccountService;
import dev.pressroom.auth.store.PendingChange;
import dev.pressroom.auth.store.PendingRequest;
import dev.pressroom.auth.store.PendingRequestStore;
import dev.pressroom.auth.store.Session;
import dev.pressroom.kernel.id.Tokens;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URI;
import java.util.UUID;

/**
 * Confirming who one is before a change to how one signs in (README, Passkeys, "Changes need a recent sign-in"): the
 * change a session too old for it asked for is kept with a confirming sign-in, whose page and address are bound to the
 * browser's CSRF token and the account; {@link AuthorizationFlow} continues the change once that sign-in succeeded.
 */
@ApplicationScoped
public class IdentityConfirmation {

    /** The sign-in page a person is sent to before changing how they sign in, when their sign-in is not recent. */
    private static final String CONFIRM_IDENTITY = "/account/confirm";

    private final AuthorizationFlow flow;
    private final PendingRequestStore pending;
    private final AccountService accounts;

    public IdentityConfirmation(AuthorizationFlow flow, PendingRequestStore pending, AccountService accounts) {
        this.flow = flow;
        this.pending = pending;
        this.accounts = accounts;
    }

    /**
     * A change to how the person signs in, asked for by a session whose sign-in is not recent: kept with a new
     * confirming sign-in (bound to this browser's CSRF token), whose page the answer is. The change continues once the
     * person signed in again ({@link AuthorizationFlow}, which continues it).
     */
    public Uni<URI> confirmFirst(PendingChange change, String csrf, String address) {
        PendingRequest p = PendingRequest.confirmingIdentity(Tokens.random(24), csrf, change);
        return flow.savePending(p, address).replaceWith(confirmPage(p));
    }

    private static URI confirmPage(PendingRequest p) {
        return URI.create(CONFIRM_IDENTITY + "?request=" + p.id());
    }

    /**
     * The sign-in page again for a signed-in person about to change how they sign in, their email filled in: the
     * password or a passkey. {@code requestId} names the confirming sign-in {@link #confirmFirst} kept with its change;
     * one that is not this browser's (its CSRF token), not this account's, or gone is not used: the page then confirms
     * without a change, back to the passkeys.
     */
    public Uni<AuthorizeStep> confirmIdentity(Session session, String requestId, String csrf, String address) {
        Uni<PendingRequest> kept = requestId == null || requestId.length() > 64
                ? Uni.createFrom().nullItem()
                : pending.findPending(requestId)
                        .map(p -> p != null
                                        && p.confirmsIdentity()
                                        && !p.signedInForIt()
                                        && p.change() != null
                                        && p.change().accountId().equals(session.accountId())
                                        && Tokens.constantTimeEquals(p.csrf(), csrf)
                                ? p
                                : null);
        return kept.chain(found -> {
            PendingRequest p = found != null ? found : PendingRequest.confirmingIdentity(Tokens.random(24), csrf, null);
            return accounts.find(UUID.fromString(session.accountId()))
                    .call(() -> found != null ? Uni.createFrom().voidItem() : flow.savePending(p, address))
                    .map(account -> new AuthorizeStep.SignIn(p, null, account == null ? null : account.email(), null));
        });
    }

    /**
     * The change a confirming sign-in continues on the account page ({@code resume} of its address): an added passkey,
     * whose ceremony the browser starts again. Only once, only in the browser and for the account that asked for it,
     * and only while the new sign-in is recent; otherwise null.
     */
    public Uni<PendingChange> resumedChange(Session session, String resumeId, String csrf) {
        if (resumeId == null || resumeId.length() > 64 || csrf == null) {
            return Uni.createFrom().nullItem();
        }
        return pending.take(resumeId)
                .map(p -> p != null
                                && p.confirmsIdentity()
                                && p.signedInForIt()
                                && p.change() != null
                                && p.change().kind() == PendingChange.Kind.ADD_PASSKEY
                                && p.change().accountId().equals(session.accountId())
                                && Tokens.constantTimeEquals(p.csrf(), csrf)
                                && flow.allowsSignInChanges(session)
                        ? p.change()
                        : null);
    }
}
