package dev.pressroom.auth.flow;

import dev.pressroom.auth.store.Session;
import java.time.Duration;
import java.time.Instant;

/**
 * Whether a session may change how its person signs in: only within a few minutes of its sign-in. A borrowed session
 * (an unlocked computer, a stolen cookie) must not plant a passkey that then signs in without the password, so the
 * person proves again who they are first, as GitHub's sudo mode and Google's re-authentication before security
 * changes do.
 */
public final class RecentSignIn {

    private RecentSignIn() {}

    /** True when the session signed in no longer ago than {@code within} (a clock behind the sign-in counts as now). */
    public static boolean allowsChanges(Session session, Instant now, Duration within) {
        return now.getEpochSecond() - session.authTime() <= within.toSeconds();
    }
}
