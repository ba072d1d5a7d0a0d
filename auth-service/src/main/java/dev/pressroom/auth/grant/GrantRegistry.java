package dev.pressroom.auth.grant;

import dev.pressroom.auth.audit.Origin;
import dev.pressroom.auth.client.Client;
import dev.pressroom.auth.request.TokenRequest;
import dev.pressroom.auth.token.TokenResponse;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Chooses the handler of a token request by its type (Keycloak's OAuth2GrantManager), and counts the tokens each grant
 * type issued ({@value #TOKENS_ISSUED}); the label is the request type's own grant type, never the client's string.
 */
@ApplicationScoped
public class GrantRegistry {

    static final String TOKENS_ISSUED = "pressroom.auth.tokens.issued";

    private final Map<Class<?>, GrantHandler<?>> handlers = new HashMap<>();
    /** One counter per grant type, looked up once: building and registering a meter at every token answer costs. */
    private final Map<String, Counter> issued = new ConcurrentHashMap<>();

    private final MeterRegistry registry;

    public GrantRegistry(Instance<GrantHandler<?>> all, MeterRegistry registry) {
        this.registry = registry;
        all.forEach(h -> handlers.put(h.requestType(), h));
    }

    @SuppressWarnings("unchecked")
    public <R extends TokenRequest> Uni<TokenResponse> handle(Client client, R request, Origin origin, String dpopJkt) {
        GrantHandler<R> handler = (GrantHandler<R>) handlers.get(request.getClass());
        if (handler == null) {
            throw new IllegalStateException("No handler for " + request.grantType());
        }
        return handler.handle(client, request, origin, dpopJkt)
                .invoke(() -> issued.computeIfAbsent(request.grantType(), this::counter)
                        .increment());
    }

    private Counter counter(String grantType) {
        return Counter.builder(TOKENS_ISSUED)
                .description("Token responses issued, by grant type")
                .tag("grant_type", grantType)
                .register(registry);
    }
}
