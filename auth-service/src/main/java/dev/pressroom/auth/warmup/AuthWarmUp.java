package dev.pressroom.auth.warmup;

import dev.pressroom.auth.endpoint.Cookies;
import dev.pressroom.kernel.warmup.WarmUpRounds;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/**
 * auth-service's warm-up before readiness (kernel {@code WarmUp}; README, "Warm-up"): its clients' flows as a person
 * and app of its own, past the token limit (kernel {@code WarmUpPass}), every round checked.
 */
@ApplicationScoped
public class AuthWarmUp implements WarmUpRounds {

    /** Rows of an unfinished warm-up older than this are a stopped replica's, not a running one's. */
    private static final Duration LEFTOVERS_AFTER = Duration.ofHours(1);

    /** Each datastore step before and after the rounds; a replica whose datastores are down is not ready anyway. */
    private static final Duration STEP_DEADLINE = Duration.ofSeconds(30);

    private final WarmUpIdentities identities;
    private final Cookies cookies;
    private final Clock clock;

    public AuthWarmUp(WarmUpIdentities identities, Cookies cookies, Clock clock) {
        this.identities = identities;
        this.cookies = cookies;
        this.clock = clock;
    }

    @Override
    public Optional<Session> open(URI listener, String pass) {
        identities
                .removeLeftovers(clock.instant().minus(LEFTOVERS_AFTER))
                .await()
                .atMost(STEP_DEADLINE);
        WarmUpIdentities.Identity identity =
                identities.create(clock.instant()).await().atMost(STEP_DEADLINE);
        return Optional.of(new WarmUpFlows(
                listener,
                identity,
                cookies.sessionHeader(identity.sessionCookie()),
                pass,
                () -> identities.remove(identity).await().atMost(STEP_DEADLINE)));
    }
}
