package dev.pressroom.auth.request;

import dev.pressroom.auth.error.OAuthException;
import dev.pressroom.auth.keys.JwsAlgorithm;
import dev.pressroom.auth.validate.JwkSets;
import dev.pressroom.auth.validate.RedirectUris;
import dev.pressroom.auth.validate.Scopes;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jose4j.json.JsonUtil;

/**
 * Client metadata as sent to registration (RFC 7591 §2), its update (RFC 7592 §2.2, which repeats
 * {@code client_id}) or the admin API, and its validation. Unknown members are ignored (RFC 7591 §2).
 */
@RegisterForReflection
public record ClientMetadata(
        String client_id,
        String client_name,
        List<String> redirect_uris,
        List<String> post_logout_redirect_uris,
        String token_endpoint_auth_method,
        String scope,
        List<String> grant_types,
        List<String> response_types,
        String logo_uri,
        String client_uri,
        String policy_uri,
        String tos_uri,
        Boolean require_pushed_authorization_requests,
        Map<String, Object> jwks,
        String jwks_uri,
        String id_token_signed_response_alg,
        Boolean dpop_bound_access_tokens,
        String backchannel_logout_uri,
        Boolean backchannel_logout_session_required) {

    public static final int MAX_NAME = 100;
    public static final int MAX_URIS = 10;
    public static final int MAX_URI = 2000;
    public static final int MAX_JWKS = 16 * 1024;

    /** The validated values, defaults applied. */
    public record Valid(
            String name,
            List<String> redirectUris,
            List<String> postLogoutRedirectUris,
            String authMethod,
            List<String> scopes,
            Links links,
            boolean requirePushedAuthorizationRequests,
            String jwks,
            String jwksUri,
            JwsAlgorithm idTokenSignedResponseAlg,
            boolean dpopBoundAccessTokens,
            String backchannelLogoutUri,
            boolean backchannelLogoutSessionRequired) {}

    /**
     * The client's logo and pages (RFC 7591 §2), each https or null. Shown on the consent page only for a verified
     * client (spec Authentication C.5): an unverified one must not borrow a trusted look.
     */
    public record Links(String logoUri, String clientUri, String policyUri, String tosUri) {

        public static final Links NONE = new Links(null, null, null, null);
    }

    /**
     * The metadata staff give a first-party client (admin API). Its scope may ask for roles (spec: roles are for
     * first-party apps); a scope the service does not know is refused, as staff mistyped it.
     *
     * @throws OAuthException 400 invalid_redirect_uri or invalid_client_metadata (RFC 7591 §3.2.2)
     */
    public Valid firstParty() {
        check();
        Set<String> scopes = Scopes.parse(scope == null ? Scopes.OPENID : scope);
        if (scopes == null || !scopes.contains(Scopes.OPENID)) {
            throw metadata("scope must be a space-separated list including openid.");
        }
        for (String s : scopes) {
            if (!Scopes.isKnown(s)) {
                throw metadata("Unknown scope " + s + ".");
            }
        }
        return valid(scopes);
    }

    /**
     * The metadata a client registers itself with (RFC 7591 §3.1, RFC 7592 §2.2). Its scope is never refused but
     * narrowed to what such a client may have ({@link Scopes#registrable}), as RFC 7591 §2 lets the server replace
     * requested values; the answer shows the scope granted.
     *
     * @throws OAuthException 400 invalid_redirect_uri or invalid_client_metadata (RFC 7591 §3.2.2) for what cannot
     *     be narrowed: name, redirect URIs, auth method, grant and response types
     */
    public Valid registered() {
        check();
        return valid(Scopes.registrable(scope));
    }

    private Valid valid(Set<String> scopes) {
        return new Valid(
                client_name.strip(),
                List.copyOf(new LinkedHashSet<>(redirect_uris)),
                post_logout_redirect_uris == null
                        ? List.of()
                        : List.copyOf(new LinkedHashSet<>(post_logout_redirect_uris)),
                token_endpoint_auth_method == null ? OAuthParams.CLIENT_SECRET_BASIC : token_endpoint_auth_method,
                List.copyOf(Scopes.ordered(scopes)),
                new Links(logo_uri, client_uri, policy_uri, tos_uri),
                // RFC 9126 §6: absent means false.
                Boolean.TRUE.equals(require_pushed_authorization_requests),
                jwks == null ? null : JsonUtil.toJson(jwks),
                jwks_uri,
                // OIDC Registration §2: RS256 when absent.
                id_token_signed_response_alg == null
                        ? JwsAlgorithm.RS256
                        : JwsAlgorithm.valueOf(id_token_signed_response_alg),
                Boolean.TRUE.equals(dpop_bound_access_tokens),
                backchannel_logout_uri,
                // Back-Channel Logout §2.2: absent means false.
                Boolean.TRUE.equals(backchannel_logout_session_required));
    }

    /** Everything but the scope, which each kind of client treats its own way. */
    private void check() {
        if (client_name == null
                || client_name.isBlank()
                || client_name.length() > MAX_NAME
                || client_name.chars().anyMatch(Character::isISOControl)) {
            throw metadata("client_name is required, 1 to " + MAX_NAME + " characters without control characters.");
        }
        if (redirect_uris == null || redirect_uris.isEmpty() || redirect_uris.size() > MAX_URIS) {
            throw redirectUri("redirect_uris must list 1 to " + MAX_URIS + " URIs.");
        }
        for (String uri : redirect_uris) {
            Optional<String> why = RedirectUris.registrationProblem(uri);
            if (why.isPresent()) {
                throw redirectUri("redirect_uri " + uri + " " + why.get() + ".");
            }
        }
        if (post_logout_redirect_uris != null) {
            if (post_logout_redirect_uris.size() > MAX_URIS) {
                throw metadata("post_logout_redirect_uris may list at most " + MAX_URIS + " URIs.");
            }
            for (String uri : post_logout_redirect_uris) {
                Optional<String> why = RedirectUris.registrationProblem(uri);
                if (why.isPresent()) {
                    throw metadata("post_logout_redirect_uri " + uri + " " + why.get() + ".");
                }
            }
        }
        if (token_endpoint_auth_method != null
                && !OAuthParams.CLIENT_SECRET_BASIC.equals(token_endpoint_auth_method)
                && !OAuthParams.AUTH_METHOD_NONE.equals(token_endpoint_auth_method)
                && !OAuthParams.PRIVATE_KEY_JWT.equals(token_endpoint_auth_method)) {
            throw metadata("token_endpoint_auth_method must be client_secret_basic, private_key_jwt "
                    + "(or none for native apps).");
        }
        checkKeys();
        if (grant_types != null
                && !Set.of(OAuthParams.AUTHORIZATION_CODE, OAuthParams.REFRESH_TOKEN)
                        .containsAll(grant_types)) {
            throw metadata("grant_types may contain only authorization_code and refresh_token.");
        }
        if (response_types != null && !Set.of(OAuthParams.CODE).containsAll(response_types)) {
            throw metadata("response_types may contain only code.");
        }
        if (id_token_signed_response_alg != null
                && JwsAlgorithm.named(id_token_signed_response_alg).isEmpty()) {
            throw metadata("id_token_signed_response_alg must be RS256, PS256 or ES256.");
        }
        checkBackchannelLogoutUri();
        checkPage("logo_uri", logo_uri);
        checkPage("client_uri", client_uri);
        checkPage("policy_uri", policy_uri);
        checkPage("tos_uri", tos_uri);
    }

    /**
     * private_key_jwt needs the client's public keys, by value or by reference but not both (OIDC Registration §2);
     * other methods have no use for them. Where jwks_uri points is checked when registering, off the event loop.
     */
    private void checkKeys() {
        boolean keyAuth = OAuthParams.PRIVATE_KEY_JWT.equals(token_endpoint_auth_method);
        if (jwks != null && jwks_uri != null) {
            throw metadata("Send jwks or jwks_uri, not both.");
        }
        if (keyAuth != (jwks != null || jwks_uri != null)) {
            throw metadata(
                    keyAuth
                            ? "private_key_jwt needs the client's public keys in jwks or jwks_uri."
                            : "jwks and jwks_uri are used only with token_endpoint_auth_method private_key_jwt.");
        }
        if (jwks != null) {
            String json = JsonUtil.toJson(jwks);
            if (json.length() > MAX_JWKS) {
                throw metadata("jwks is larger than " + MAX_JWKS + " characters.");
            }
            JwkSets.parse(json).problem().ifPresent(why -> {
                throw metadata("jwks " + why + ".");
            });
        }
        if (jwks_uri != null && jwks_uri.length() > MAX_URI) {
            throw metadata("jwks_uri is longer than " + MAX_URI + " characters.");
        }
    }

    /**
     * Back-Channel Logout §2.2: absolute, no fragment, a query allowed; https, or http on a loopback address, as a
     * redirect URI may (a private-use scheme cannot be posted to). Where it points is checked when registering, off
     * the event loop, as jwks_uri is.
     */
    private void checkBackchannelLogoutUri() {
        if (backchannel_logout_uri == null) {
            if (Boolean.TRUE.equals(backchannel_logout_session_required)) {
                throw metadata("backchannel_logout_session_required needs a backchannel_logout_uri.");
            }
            return;
        }
        Optional<String> why = RedirectUris.registrationProblem(backchannel_logout_uri)
                .or(() -> backchannel_logout_uri.startsWith("https:") || backchannel_logout_uri.startsWith("http:")
                        ? Optional.empty()
                        : Optional.of("must use https"));
        if (why.isPresent()) {
            throw metadata("backchannel_logout_uri " + backchannel_logout_uri + " " + why.get() + ".");
        }
    }

    private static void checkPage(String member, String uri) {
        if (uri != null) {
            RedirectUris.httpsPageProblem(uri).ifPresent(why -> {
                throw metadata(member + " " + uri + " " + why + ".");
            });
        }
    }

    private static OAuthException metadata(String description) {
        return new OAuthException(400, "invalid_client_metadata", description, null);
    }

    private static OAuthException redirectUri(String description) {
        return new OAuthException(400, "invalid_redirect_uri", description, null);
    }
}
