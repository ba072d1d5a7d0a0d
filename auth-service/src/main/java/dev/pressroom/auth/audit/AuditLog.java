package dev.pressroom.auth.audit;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.EnumMap;
import java.util.Map;

/**
 * Records security-relevant events (README, "Audit events"): counts them at once, then hands them to the
 * {@link AuditWriter}, which writes them to PostgreSQL off the request path. Recording never fails and never waits.
 * The event counters are derived here, from the events themselves, so a metric and the log always agree.
 */
@ApplicationScoped
public class AuditLog {

    private final AuditWriter writer;
    private final Clock clock;
    private final MeterRegistry registry;
    private final Map<AuditEventType, Counter> byType = new EnumMap<>(AuditEventType.class);

    public AuditLog(AuditWriter writer, Clock clock, MeterRegistry registry) {
        this.writer = writer;
        this.clock = clock;
        this.registry = registry;
        for (AuditEventType type : AuditEventType.values()) {
            byType.put(
                    type,
                    Counter.builder("pressroom.auth.audit.events")
                            .description("Audit events recorded, by type")
                            .tag("type", type.code())
                            .register(registry));
        }
        // Registered up front so that dashboards see zeros rather than no series.
        signIns("success");
        for (SignInFailure failure : SignInFailure.values()) {
            signIns(failure.code());
        }
        consents("given");
        consents("removed");
        registrations();
        refreshReuse();
        codeReplays();
    }

    public void record(AuditEvent event) {
        byType.get(event.type()).increment();
        Counter derived = derivedCounter(event);
        if (derived != null) {
            derived.increment();
        }
        writer.enqueue(new AuditStore.Timed(clock.instant(), event));
    }

    /** The counter an event moves besides its type's, if any. A failed sign-in's reason is a SignInFailure code. */
    private Counter derivedCounter(AuditEvent event) {
        return switch (event.type()) {
            case SIGN_IN -> signIns("success");
            case SIGN_IN_FAILED -> signIns(String.valueOf(event.details().get("reason")));
            case CONSENT_GIVEN -> consents("given");
            case CONSENT_REMOVED -> consents("removed");
            case CLIENT_REGISTERED -> registrations();
            case REFRESH_TOKEN_REUSED -> refreshReuse();
            case CODE_REPLAYED -> codeReplays();
            default -> null;
        };
    }

    private Counter signIns(String outcome) {
        return Counter.builder("pressroom.auth.sign.ins")
                .description("Sign-in attempts by outcome")
                .tag("outcome", outcome)
                .register(registry);
    }

    private Counter consents(String change) {
        return Counter.builder("pressroom.auth.consents")
                .description("Consents given and removed")
                .tag("change", change)
                .register(registry);
    }

    private Counter registrations() {
        return Counter.builder("pressroom.auth.registrations")
                .description("Clients registered (staff and RFC 7591)")
                .register(registry);
    }

    private Counter refreshReuse() {
        return Counter.builder("pressroom.auth.refresh.reuse.detected")
                .description("Refresh tokens presented again or by another client; each revoked its chain")
                .register(registry);
    }

    private Counter codeReplays() {
        return Counter.builder("pressroom.auth.code.replays")
                .description("Authorization codes presented again; each revoked what the first exchange minted")
                .register(registry);
    }
}
