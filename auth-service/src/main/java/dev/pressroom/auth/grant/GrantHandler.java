package dev.pressroom.auth.grant;

import dev.pressroom.auth.client.Client;
import dev.pressroom.auth.request.TokenRequest;
import dev.pressroom.auth.token.TokenResponse;
import io.smallrye.mutiny.Uni;

/** One grant type of the token endpoint (RFC 6749 §4, §6). */
public interface GrantHandler<R extends TokenRequest> {

    Class<R> requestType();

    Uni<TokenResponse> handle(Client client, R request);
}
