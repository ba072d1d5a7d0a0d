package dev.pressroom.auth.client;

import dev.pressroom.auth.keys.JwsAlgorithm;
import dev.pressroom.auth.request.ClientMetadata;
import dev.pressroom.auth.request.OAuthParams;
import java.time.Instant;
import java.util.List;

/**
 * A registered client (RFC 6749 §2). {@code secretHash} is null for public clients (auth method none).
 * {@code requirePushedAuthorizationRequests}: its authorization requests must come through the PAR endpoint (RFC 9126 §6).
 * {@code idTokenSignedResponseAlg}: what its ID tokens are signed with (OIDC Registration §2).
 * {@code dpopBoundAccessTokens}: every token request must carry a DPoP proof (RFC 9449 §5.2).
 * {@code backchannelLogoutUri}: where its logout tokens are posted, null for none; {@code
 * backchannelLogoutSessionRequired}: they must carry the session's sid (Back-Channel Logout §2.2).
 */
public record Client(
        String id,
        String secretHash,
        String name,
        List<String> redirectUris,
        List<String> postLogoutRedirectUris,
        List<String> scopes,
        ClientMetadata.Links links,
        String authMethod,
        Kind kind,
        boolean verified,
        String verifiedBy,
        Instant verifiedAt,
        String createdBy,
        Instant createdAt,
        boolean requirePushedAuthorizationRequests,
        String jwks,
        String jwksUri,
        JwsAlgorithm idTokenSignedResponseAlg,
        boolean dpopBoundAccessTokens,
        String backchannelLogoutUri,
        boolean backchannelLogoutSessionRequired) {

    public enum Kind {
        FIRST_PARTY,
        DYNAMIC
    }

    public boolean isPublic() {
        return OAuthParams.AUTH_METHOD_NONE.equals(authMethod);
    }

    /**
     * The logo and pages the consent page shows: a verified client's own; none for an unverified one, which could
     * otherwise borrow a trusted app's look (spec Authentication C.5 shows it only the address it sends people to).
     */
    public ClientMetadata.Links linksShownOnConsent() {
        return verified ? links : ClientMetadata.Links.NONE;
    }

    public boolean allowsScope(String scope) {
        return scopes.contains(scope);
    }

    /**
     * The same client with the name, URIs, links, scopes and keys of new metadata (RFC 7592 update, which is how a
     * private_key_jwt client with inline jwks rotates its keys); all else is kept.
     */
    public Client withMetadata(ClientMetadata.Valid m) {
        return new Client(
                id,
                secretHash,
                m.name(),
                m.redirectUris(),
                m.postLogoutRedirectUris(),
                m.scopes(),
                m.links(),
                authMethod,
                kind,
                verified,
                verifiedBy,
                verifiedAt,
                createdBy,
                createdAt,
                m.requirePushedAuthorizationRequests(),
                m.jwks(),
                m.jwksUri(),
                m.idTokenSignedResponseAlg(),
                m.dpopBoundAccessTokens(),
                m.backchannelLogoutUri(),
                m.backchannelLogoutSessionRequired());
    }
}
