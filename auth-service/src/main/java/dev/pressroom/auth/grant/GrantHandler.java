package dev.pressroom.auth.grant;

import dev.pressroom.auth.audit.Origin;
import dev.pressroom.auth.client.Client;
import dev.pressroom.auth.request.TokenRequest;
import dev.pressroom.auth.token.TokenResponse;
import io.smallrye.mutiny.Uni;

/** One grant type of the token endpoint (RFC 6749 §4, §6). */
public interface GrantHandler<R extends TokenRequest> {

    Class<R> requestType();

    /**
     * Answers one token request of this grant type.
     *
     * @param origin the token request's, for the audit events it may cause
     * @param dpopJkt the thumbprint of the key of the request's DPoP proof (RFC 9449 §6.1), null without a proof
     */
    Uni<TokenResponse> handle(Client client, R request, Origin origin, String dpopJkt);
}
