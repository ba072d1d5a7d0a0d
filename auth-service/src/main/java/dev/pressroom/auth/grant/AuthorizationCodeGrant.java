package dev.pressroom.auth.grant;

import dev.pressroom.auth.audit.Origin;
import dev.pressroom.auth.client.Client;
import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.auth.error.OAuthException;
import dev.pressroom.auth.request.TokenRequest;
import dev.pressroom.auth.store.AuthorizationCode;
import dev.pressroom.auth.store.CodeStore;
import dev.pressroom.auth.store.Grant;
import dev.pressroom.auth.store.Outcome;
import dev.pressroom.auth.token.TokenResponse;
import dev.pressroom.auth.validate.Pkce;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;

/**
 * RFC 6749 §4.1.3 with PKCE (RFC 7636 §4.6) and replay revocation (OAuth 2.1 §4.1.3, RFC 9700 §4.5). The code's
 * binding (client, redirect_uri, code_verifier, the DPoP key of RFC 9449 §10) is checked before the code is consumed,
 * so a wrong client, verifier or key does not burn it for the rightful client; a code presented again with its binding
 * intact is a true replay and revokes what the first exchange minted.
 */
@ApplicationScoped
public class AuthorizationCodeGrant implements GrantHandler<TokenRequest.AuthorizationCode> {

    private final CodeStore codes;
    private final TokenReuse reuse;
    private final TokenIssuer issuer;
    private final AuthConfig config;
    private final Clock clock;

    public AuthorizationCodeGrant(
            CodeStore codes, TokenReuse reuse, TokenIssuer issuer, AuthConfig config, Clock clock) {
        this.codes = codes;
        this.reuse = reuse;
        this.issuer = issuer;
        this.config = config;
        this.clock = clock;
    }

    @Override
    public Class<TokenRequest.AuthorizationCode> requestType() {
        return TokenRequest.AuthorizationCode.class;
    }

    @Override
    public Uni<TokenResponse> handle(
            Client client, TokenRequest.AuthorizationCode request, Origin origin, String dpopJkt) {
        if (!Pkce.isValidVerifier(request.codeVerifier())) {
            return Uni.createFrom().failure(verifierMismatch());
        }
        // RFC 6749 §4.1.3: the redirect_uri identical to the authorization request's; RFC 7636 §4.6: S256;
        // RFC 9449 §10: a proof of the key dpop_jkt (or the pushed request's proof) bound the code to.
        return codes.consume(
                        request.code(), client.id(), request.redirectUri(), Pkce.s256(request.codeVerifier()), dpopJkt)
                .chain(presented -> {
                    if (presented.mismatch() != null) {
                        throw mismatch(presented.mismatch(), dpopJkt);
                    }
                    Outcome<AuthorizationCode> outcome = presented.outcome();
                    return switch (outcome.status()) {
                        case UNKNOWN ->
                            Uni.createFrom()
                                    .failure(OAuthException.invalidGrant("The authorization code is not valid."));
                        case REUSED -> reuse.code(outcome.value(), origin);
                        case FIRST_USE -> exchange(client, outcome.value(), dpopJkt);
                    };
                });
    }

    private static OAuthException mismatch(String part, String dpopJkt) {
        return switch (part) {
            case "client" -> OAuthException.invalidGrant("The authorization code was issued to another client.");
            case "redirect" -> OAuthException.invalidGrant("redirect_uri does not match the authorization request.");
            case "dpop" ->
                OAuthException.invalidGrant(
                        dpopJkt == null
                                ? "The authorization code is bound to a DPoP key (dpop_jkt); send a DPoP proof of it."
                                : "The DPoP proof is not made with the key the authorization code is bound to.");
            default -> verifierMismatch();
        };
    }

    private static OAuthException verifierMismatch() {
        return OAuthException.invalidGrant("code_verifier does not match the code_challenge.");
    }

    /**
     * Expiry is checked once the code is consumed: a used code stays known an hour, so its replay still revokes. RFC
     * 9449 §5: the access token is bound to the proof's key, and so is the refresh token of a public client; a
     * confidential client's refresh tokens are bound to its credentials already.
     */
    private Uni<TokenResponse> exchange(Client client, AuthorizationCode code, String dpopJkt) {
        long now = clock.instant().getEpochSecond();
        if (now >= code.issuedAt() + config.codeTtl().toSeconds()) {
            throw OAuthException.invalidGrant("The authorization code has expired.");
        }
        Grant grant = new Grant(
                code.grantId(),
                code.consentId(),
                client.id(),
                code.accountId(),
                code.scopes(),
                code.authTime(),
                code.sid(),
                code.amr(),
                code.issuedAt(),
                now,
                now,
                code.passkeyId(),
                code.claims(),
                client.isPublic() ? dpopJkt : null);
        return issuer.issue(grant, code.scopes(), code.nonce(), null, client.idTokenSignedResponseAlg(), dpopJkt);
    }
}
