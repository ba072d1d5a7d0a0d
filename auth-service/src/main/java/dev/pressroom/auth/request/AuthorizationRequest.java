package dev.pressroom.auth.request;

import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;

/**
 * A validated authorization request (RFC 6749 §4.1.1, RFC 7636 §4.3, OIDC Core §3.1.2.1).
 * {@code maxAge} is -1 when absent; {@code uiLocale} is the first language of ui_locales the pages speak, null when
 * none is, so that the sign-in and consent pages that follow speak it. {@code phishingResistant}: acr_values asked for
 * "phr", so a passkey is offered first (a preference: a password still signs in). {@code claims}: the claims parameter
 * (OIDC Core §5.5), its claims restricted to the scopes the client may ask for; an essential acr is a requirement.
 * {@code dpopJkt}: the JWK thumbprint the code is bound to (RFC 9449 §10), from dpop_jkt or the pushed request's DPoP
 * proof; null when the code is bound to no key.
 */
@RegisterForReflection
public record AuthorizationRequest(
        String clientId,
        String redirectUri,
        List<String> scopes,
        String state,
        String nonce,
        String codeChallenge,
        List<String> prompt,
        long maxAge,
        String uiLocale,
        boolean phishingResistant,
        ClaimsParameter claims,
        String dpopJkt) {

    /** Requests kept before the claims parameter existed have none. */
    @Override
    public ClaimsParameter claims() {
        return claims == null ? ClaimsParameter.NONE : claims;
    }

    public boolean prompts(String value) {
        return prompt.contains(value);
    }

    /**
     * acr asked for as an essential claim (OIDC Core §5.5.1.1): only a passkey sign-in (acr "phr") may answer it;
     * values this provider never claims were refused when the request was read.
     */
    public boolean requiresPasskey() {
        return claims().essentialAcr() != null;
    }
}
