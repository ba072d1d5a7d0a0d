package dev.pressroom.auth.client;

import dev.pressroom.auth.config.AuthConfig;
import io.vertx.core.json.JsonObject;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The registration response (RFC 7591 §3.2.1): the client's metadata plus its one-time credentials. */
@ApplicationScoped
public class Registrations {

    private final AuthConfig config;

    public Registrations(AuthConfig config) {
        this.config = config;
    }

    public Map<String, Object> describe(ClientService.Registered registered) {
        Client c = registered.client();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("client_id", c.id());
        if (registered.secret() != null) {
            body.put("client_secret", registered.secret());
            body.put("client_secret_expires_at", 0);
        }
        body.put("client_id_issued_at", c.createdAt().getEpochSecond());
        body.put("client_name", c.name());
        body.put("redirect_uris", c.redirectUris());
        body.put("post_logout_redirect_uris", c.postLogoutRedirectUris());
        body.put("token_endpoint_auth_method", c.authMethod());
        body.put("grant_types", List.of("authorization_code", "refresh_token"));
        body.put("response_types", List.of("code"));
        body.put("scope", String.join(" ", c.scopes()));
        putIfPresent(body, "logo_uri", c.links().logoUri());
        putIfPresent(body, "client_uri", c.links().clientUri());
        putIfPresent(body, "policy_uri", c.links().policyUri());
        putIfPresent(body, "tos_uri", c.links().tosUri());
        body.put("require_pushed_authorization_requests", c.requirePushedAuthorizationRequests());
        putIfPresent(body, "jwks_uri", c.jwksUri());
        if (c.jwks() != null) {
            body.put("jwks", new JsonObject(c.jwks()).getMap());
        }
        body.put("id_token_signed_response_alg", c.idTokenSignedResponseAlg().name());
        body.put("dpop_bound_access_tokens", c.dpopBoundAccessTokens());
        putIfPresent(body, "backchannel_logout_uri", c.backchannelLogoutUri());
        body.put("backchannel_logout_session_required", c.backchannelLogoutSessionRequired());
        if (registered.registrationAccessToken() != null) {
            body.put("registration_access_token", registered.registrationAccessToken());
        }
        if (c.kind() == Client.Kind.DYNAMIC) {
            body.put("registration_client_uri", config.issuer() + "/oauth/register/" + c.id());
        }
        body.put("verified", c.verified());
        return body;
    }

    /** RFC 7591 §3.2.1: the response holds the metadata registered, so a member never sent is left out. */
    private static void putIfPresent(Map<String, Object> body, String member, String value) {
        if (value != null) {
            body.put(member, value);
        }
    }
}
