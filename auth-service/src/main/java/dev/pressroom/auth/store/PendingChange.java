package dev.pressroom.auth.store;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * A change to how a person signs in that waits for them to confirm who they are (README, Passkeys, "Changes need a
 * recent sign-in"): what it was and whose account it is for. It is made only by a form post that passed the CSRF check
 * and is kept server-side with the confirming sign-in's pending request, never carried in a URL. It holds nothing
 * secret: a password change (none exists yet) would record only that it was asked for, never a password.
 */
@RegisterForReflection
public record PendingChange(Kind kind, String accountId, String passkeyId, String name) {

    public enum Kind {
        /** Start the ceremony again on the account page once confirmed: the browser creates the key. */
        ADD_PASSKEY,
        /** Remove the passkey once confirmed. */
        REMOVE_PASSKEY
    }

    public static PendingChange addPasskey(String accountId, String name) {
        return new PendingChange(Kind.ADD_PASSKEY, accountId, null, name);
    }

    public static PendingChange removePasskey(String accountId, String passkeyId) {
        return new PendingChange(Kind.REMOVE_PASSKEY, accountId, passkeyId, null);
    }
}
