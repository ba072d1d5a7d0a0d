package dev.pressroom.auth.endpoint;

import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.auth.keys.SigningKeys;
import dev.pressroom.auth.token.AuthenticationMethods;
import dev.pressroom.auth.validate.Scopes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** OpenID Connect Discovery 1.0 §3 and RFC 8414 §2 metadata, and the JWKS (RFC 7517). */
@Path("/.well-known")
public class DiscoveryResource {

    private final Map<String, Object> metadata;
    private final SigningKeys keys;

    public DiscoveryResource(AuthConfig config, SigningKeys keys) {
        this.metadata = metadata(config.issuer());
        this.keys = keys;
    }

    @GET
    @Path("openid-configuration")
    public Response discovery() {
        return Response.ok(metadata, MediaType.APPLICATION_JSON_TYPE)
                .header("Cache-Control", "public, max-age=300")
                .build();
    }

    @GET
    @Path("oauth-authorization-server")
    public Response authorizationServer() {
        return discovery();
    }

    /** Kept short in caches so a newly published key is seen well before it signs. */
    @GET
    @Path("jwks.json")
    public Response jwks() {
        return Response.ok(keys.jwks(), MediaType.APPLICATION_JSON_TYPE)
                .header("Cache-Control", "public, max-age=300")
                .build();
    }

    static Map<String, Object> metadata(String issuer) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("issuer", issuer);
        m.put("authorization_endpoint", issuer + "/oauth/authorize");
        m.put("token_endpoint", issuer + "/oauth/token");
        m.put("userinfo_endpoint", issuer + "/oauth/userinfo");
        m.put("jwks_uri", issuer + "/.well-known/jwks.json");
        m.put("registration_endpoint", issuer + "/oauth/register");
        m.put("revocation_endpoint", issuer + "/oauth/revoke");
        m.put("introspection_endpoint", issuer + "/oauth/introspect");
        m.put("end_session_endpoint", issuer + "/oauth/logout");
        m.put("scopes_supported", Scopes.ALL);
        m.put("response_types_supported", List.of("code"));
        m.put("response_modes_supported", List.of("query"));
        m.put("grant_types_supported", List.of("authorization_code", "refresh_token"));
        m.put("code_challenge_methods_supported", List.of("S256"));
        m.put("token_endpoint_auth_methods_supported", List.of("client_secret_basic", "none"));
        m.put("revocation_endpoint_auth_methods_supported", List.of("client_secret_basic", "none"));
        m.put("introspection_endpoint_auth_methods_supported", List.of("client_secret_basic"));
        m.put("id_token_signing_alg_values_supported", List.of("RS256"));
        m.put("subject_types_supported", List.of("public"));
        m.put(
                "claims_supported",
                List.of(
                        "iss",
                        "sub",
                        "aud",
                        "exp",
                        "iat",
                        "auth_time",
                        "acr",
                        "nonce",
                        "amr",
                        "sid",
                        "azp",
                        "at_hash",
                        "name",
                        "picture",
                        "updated_at",
                        "email",
                        "email_verified",
                        "roles",
                        "licenses"));
        m.put("acr_values_supported", List.of(AuthenticationMethods.PHISHING_RESISTANT));
        m.put("prompt_values_supported", List.of("none", "login", "consent", "select_account"));
        m.put("claims_parameter_supported", true);
        m.put("request_parameter_supported", false);
        m.put("request_uri_parameter_supported", false);
        m.put("authorization_response_iss_parameter_supported", true);
        m.put("frontchannel_logout_supported", false);
        m.put("backchannel_logout_supported", false);
        return m;
    }
}
