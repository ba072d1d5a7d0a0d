package dev.pressroom.auth.flow;

import dev.pressroom.auth.client.Client;
import dev.pressroom.auth.error.AuthorizationRedirectException;
import dev.pressroom.auth.page.Language;
import dev.pressroom.auth.request.AuthorizationRequest;
import dev.pressroom.auth.request.ClaimsParameter;
import dev.pressroom.auth.request.OAuthParams;
import dev.pressroom.auth.request.Params;
import dev.pressroom.auth.token.AuthenticationMethods;
import dev.pressroom.auth.validate.Pkce;
import dev.pressroom.auth.validate.Scopes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Validates the rest of an authorization request once client_id and redirect_uri are known good, so every
 * problem is redirected back with error and state (RFC 6749 §4.1.2.1).
 */
public final class AuthorizationRequests {

    private static final Pattern JKT = Pattern.compile("[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]");

    private static final Set<String> PROMPTS = Set.of("none", "login", "consent", "select_account");

    /** OpenID Connect Core Unmet Authentication Requirements 1.0 §2: an essential acr that was not met. */
    static final String UNMET_AUTHENTICATION_REQUIREMENTS = "unmet_authentication_requirements";

    private AuthorizationRequests() {}

    public static AuthorizationRequest validate(Params raw, Client client, String redirectUri) {
        // state first, so that every later error can carry it back.
        String state = new Params(raw.values(), m -> error(redirectUri, "invalid_request", m, null))
                .optional(OAuthParams.STATE)
                .orElse(null);
        Params params = new Params(raw.values(), m -> error(redirectUri, "invalid_request", m, state));
        params.checkAll();
        // OIDC Core §6: request objects are not supported.
        if (params.optional(OAuthParams.REQUEST).isPresent()) {
            throw error(redirectUri, "request_not_supported", "Request objects are not supported.", state);
        }
        String responseType = params.optional(OAuthParams.RESPONSE_TYPE)
                .orElseThrow(() -> error(redirectUri, "invalid_request", "response_type is required.", state));
        if (!"code".equals(responseType)) {
            throw error(redirectUri, "unsupported_response_type", "Only response_type=code is supported.", state);
        }
        // PKCE is required for every client, S256 only (spec, Authentication C.1; OAuth 2.1 §4.1.1).
        String method = params.optional(OAuthParams.CODE_CHALLENGE_METHOD).orElse(null);
        if (!Pkce.S256.equals(method)) {
            throw error(
                    redirectUri,
                    "invalid_request",
                    method == null
                            ? "code_challenge_method=S256 is required."
                            : "Only code_challenge_method=S256 is accepted.",
                    state);
        }
        String challenge = params.optional(OAuthParams.CODE_CHALLENGE).orElse(null);
        if (!Pkce.isValidChallenge(challenge)) {
            throw error(
                    redirectUri,
                    "invalid_request",
                    "code_challenge is required: the base64url SHA-256 of the code_verifier (43 characters).",
                    state);
        }
        List<String> scopes = scopes(params, client, redirectUri, state);
        List<String> prompt = prompt(params, redirectUri, state);
        long maxAge = maxAge(params, redirectUri, state);
        ClaimsParameter claims = claims(params, client, redirectUri, state);
        String dpopJkt = dpopJkt(params, redirectUri, state);
        return new AuthorizationRequest(
                client.id(),
                redirectUri,
                scopes,
                state,
                params.optional(OAuthParams.NONCE).orElse(null),
                challenge,
                prompt,
                maxAge,
                // OIDC Core §3.1.2.1: a preference, never an error; tags the pages do not speak are ignored.
                Language.fromUiLocales(params.optional(OAuthParams.UI_LOCALES).orElse(null))
                        .map(Language::tag)
                        .orElse(null),
                // OIDC Core §3.1.2.1: acr_values is a preference; values not offered here are ignored.
                Scopes.parse(params.optional(OAuthParams.ACR_VALUES).orElse(""))
                        .contains(AuthenticationMethods.PHISHING_RESISTANT),
                claims,
                dpopJkt);
    }

    /**
     * RFC 9449 §10: dpop_jkt is the base64url SHA-256 JWK thumbprint (RFC 7638) of the key the code is bound to:
     * 43 characters, the last one carrying only 4 of its 6 bits, as the unpadded encoding of 32 octets does.
     */
    private static String dpopJkt(Params params, String redirectUri, String state) {
        String jkt = params.optional(OAuthParams.DPOP_JKT).orElse(null);
        if (jkt != null && !JKT.matcher(jkt).matches()) {
            throw error(
                    redirectUri,
                    "invalid_request",
                    "dpop_jkt must be the base64url SHA-256 JWK thumbprint of the DPoP key (43 characters).",
                    state);
        }
        return jkt;
    }

    /**
     * OIDC Core §5.5: a malformed claims parameter is invalid_request (§3.1.2.6). Its claims are kept only where the
     * client may ask for their scope. An essential acr whose values this provider never claims cannot be met by any
     * sign-in: a failed authentication (§5.5.1.1), answered as OpenID Connect Core Unmet Authentication Requirements
     * 1.0 says.
     */
    private static ClaimsParameter claims(Params params, Client client, String redirectUri, String state) {
        ClaimsParameter claims;
        try {
            claims = ClaimsParameter.parse(params.optional(OAuthParams.CLAIMS).orElse(null));
        } catch (ClaimsParameter.Invalid e) {
            throw error(redirectUri, "invalid_request", e.getMessage(), state);
        }
        if (claims.essentialAcr() != null
                && !claims.essentialAcr().contains(AuthenticationMethods.PHISHING_RESISTANT)) {
            throw error(
                    redirectUri,
                    UNMET_AUTHENTICATION_REQUIREMENTS,
                    "None of the essential acr values can be met; this provider offers phr.",
                    state);
        }
        return new ClaimsParameter(
                claims.requested().restrictedTo(client::allowsScope),
                claims.essentialAcr() == null ? null : List.of(AuthenticationMethods.PHISHING_RESISTANT),
                claims.subject());
    }

    private static List<String> scopes(Params params, Client client, String redirectUri, String state) {
        Set<String> scopes = Scopes.parse(params.optional(OAuthParams.SCOPE).orElse(null));
        if (scopes == null || !scopes.contains(Scopes.OPENID)) {
            throw error(redirectUri, "invalid_scope", "scope must include openid.", state);
        }
        for (String scope : scopes) {
            if (!Scopes.isKnown(scope) || !client.allowsScope(scope)) {
                throw error(redirectUri, "invalid_scope", "This app may not ask for the scope " + scope + ".", state);
            }
        }
        return new ArrayList<>(Scopes.ordered(scopes));
    }

    /** OIDC Core §3.1.2.1: space-separated; none must stand alone. */
    private static List<String> prompt(Params params, String redirectUri, String state) {
        Set<String> prompt = Scopes.parse(params.optional(OAuthParams.PROMPT).orElse(null));
        if (prompt == null || !PROMPTS.containsAll(prompt) || (prompt.contains("none") && prompt.size() > 1)) {
            throw error(
                    redirectUri,
                    "invalid_request",
                    "prompt must be none, or any of login, consent, select_account.",
                    state);
        }
        return List.copyOf(prompt);
    }

    private static long maxAge(Params params, String redirectUri, String state) {
        String value = params.optional(OAuthParams.MAX_AGE).orElse(null);
        if (value == null) {
            return -1;
        }
        if (!value.matches("\\d{1,9}")) {
            throw error(redirectUri, "invalid_request", "max_age must be a non-negative number of seconds.", state);
        }
        return Long.parseLong(value);
    }

    static AuthorizationRedirectException error(String redirectUri, String error, String description, String state) {
        return new AuthorizationRedirectException(redirectUri, error, description, state);
    }
}
