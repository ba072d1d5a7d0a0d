package dev.pressroom.auth.grant;

import dev.pressroom.auth.audit.Origin;
import dev.pressroom.auth.client.Client;
import dev.pressroom.auth.request.TokenRequest;
import dev.pressroom.auth.token.TokenResponse;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.util.HashMap;
import java.util.Map;

/** Chooses the handler of a token request by its type (Keycloak's OAuth2GrantManager). */
@ApplicationScoped
public class GrantRegistry {

    private final Map<Class<?>, GrantHandler<?>> handlers = new HashMap<>();

    public GrantRegistry(Instance<GrantHandler<?>> all) {
        all.forEach(h -> handlers.put(h.requestType(), h));
    }

    @SuppressWarnings("unchecked")
    public <R extends TokenRequest> Uni<TokenResponse> handle(Client client, R request, Origin origin) {
        GrantHandler<R> handler = (GrantHandler<R>) handlers.get(request.getClass());
        if (handler == null) {
            throw new IllegalStateException("No handler for " + request.grantType());
        }
        return handler.handle(client, request, origin);
    }
}
