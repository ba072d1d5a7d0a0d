package dev.pressroom.auth.store;

import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;

/**
 * A browser session: who signed in, when and how. {@code sid} is public (in ID tokens); the cookie value is not.
 * {@code passkeyId}: the passkey it signed in with, null for a password; removing that passkey ends the session.
 */
@RegisterForReflection
public record Session(String sid, String accountId, long authTime, List<String> amr, String passkeyId) {}
