package dev.pressroom.auth.endpoint;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.pressroom.auth.client.AssertionRules;
import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.auth.dpop.DpopProofVerifier;
import dev.pressroom.auth.keys.SigningKeys;
import dev.pressroom.auth.token.AuthenticationMethods;
import dev.pressroom.auth.validate.Scopes;
import dev.pressroom.kernel.id.Tokens;
import io.smallrye.common.annotation.NonBlocking;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * OpenID Connect Discovery 1.0 §3 and RFC 8414 §2 metadata, and the JWKS (RFC 7517). Both are the same bytes for
 * every caller until a key is published or retired: they are serialised once (the JWKS again when the key ring
 * changes) and answered on the event loop, with an ETag, so a client revalidating its copy gets a 304.
 */
@Path("/.well-known")
public class DiscoveryResource {

    private static final String CACHE_CONTROL = "public, max-age=300";

    private final ObjectMapper json;
    private final AuthConfig config;
    private final SigningKeys keys;
    private volatile Document metadata;
    private volatile Document jwks;

    /** Serialised JSON, its strong ETag (a digest of the bytes, so equal on every replica) and what it was made of. */
    static final class Document {

        private final Object source;
        private final byte[] bytes;
        private final String etag;

        private Document(Object source, byte[] bytes, String etag) {
            this.source = source;
            this.bytes = bytes;
            this.etag = etag;
        }

        /** Map entries in key order: the JWK maps' own order differs from one JVM to the next. */
        static Document of(ObjectMapper json, Object source) {
            try {
                byte[] bytes = json.writer()
                        .with(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
                        .writeValueAsBytes(source);
                String digest = Base64.getUrlEncoder().withoutPadding().encodeToString(Tokens.sha256Bytes(bytes));
                return new Document(source, bytes, '"' + digest.substring(0, 27) + '"');
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("Cannot serialise " + source, e);
            }
        }

        /** RFC 9110 §13.1.2: If-None-Match lists entity tags (weak comparison) or is *. */
        boolean matches(String ifNoneMatch) {
            if (ifNoneMatch == null) {
                return false;
            }
            for (String tag : ifNoneMatch.split(",", -1)) {
                String t = tag.strip();
                if (t.equals("*") || (t.startsWith("W/") ? t.substring(2) : t).equals(etag)) {
                    return true;
                }
            }
            return false;
        }

        Response answer(String ifNoneMatch) {
            Response.ResponseBuilder answer =
                    matches(ifNoneMatch) ? Response.notModified() : Response.ok(bytes, MediaType.APPLICATION_JSON_TYPE);
            return answer.header(HttpHeaders.CACHE_CONTROL, CACHE_CONTROL)
                    .header(HttpHeaders.ETAG, etag)
                    .build();
        }
    }

    public DiscoveryResource(AuthConfig config, SigningKeys keys, ObjectMapper json) {
        this.json = json;
        this.config = config;
        this.keys = keys;
        this.metadata = metadata(keys.algorithms());
        this.jwks = Document.of(json, keys.jwks());
    }

    @GET
    @Path("openid-configuration")
    @NonBlocking
    public Response discovery(@HeaderParam(HttpHeaders.IF_NONE_MATCH) String ifNoneMatch) {
        List<String> algorithms = keys.algorithms();
        Document served = metadata;
        if (served.source != algorithms) {
            // A key for another algorithm was added, or its last one removed: say which algorithms sign now.
            served = metadata(algorithms);
            metadata = served;
        }
        return served.answer(ifNoneMatch);
    }

    /** The document, with the algorithms as its source: it is made again when the key ring's list changes. */
    private Document metadata(List<String> algorithms) {
        Document document =
                Document.of(json, metadata(config.issuer(), config.requirePushedAuthorizationRequests(), algorithms));
        return new Document(algorithms, document.bytes, document.etag);
    }

    @GET
    @Path("oauth-authorization-server")
    @NonBlocking
    public Response authorizationServer(@HeaderParam(HttpHeaders.IF_NONE_MATCH) String ifNoneMatch) {
        return discovery(ifNoneMatch);
    }

    /** Kept short in caches so a newly published key is seen well before it signs. */
    @GET
    @Path("jwks.json")
    @NonBlocking
    public Response jwks(@HeaderParam(HttpHeaders.IF_NONE_MATCH) String ifNoneMatch) {
        Map<String, Object> current = keys.jwks();
        Document served = jwks;
        if (served.source != current) {
            // The ring was re-read (every 30 s, and at each rotation step): serialise what it publishes now.
            served = Document.of(json, current);
            jwks = served;
        }
        return served.answer(ifNoneMatch);
    }

    static Map<String, Object> metadata(
            String issuer, boolean requirePushedAuthorizationRequests, List<String> idTokenAlgorithms) {
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
        m.put("token_endpoint_auth_methods_supported", List.of("client_secret_basic", "none", "private_key_jwt"));
        m.put("revocation_endpoint_auth_methods_supported", List.of("client_secret_basic", "none", "private_key_jwt"));
        m.put("introspection_endpoint_auth_methods_supported", List.of("client_secret_basic", "private_key_jwt"));
        m.put("token_endpoint_auth_signing_alg_values_supported", AssertionRules.ALGORITHMS);
        m.put("revocation_endpoint_auth_signing_alg_values_supported", AssertionRules.ALGORITHMS);
        m.put("introspection_endpoint_auth_signing_alg_values_supported", AssertionRules.ALGORITHMS);
        m.put("id_token_signing_alg_values_supported", idTokenAlgorithms);
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
        // Back-Channel Logout §2.1: logout tokens are posted, with sid, to each client's backchannel_logout_uri.
        m.put("backchannel_logout_supported", true);
        m.put("backchannel_logout_session_supported", true);
        m.put("pushed_authorization_request_endpoint", issuer + "/oauth/par");
        m.put("require_pushed_authorization_requests", requirePushedAuthorizationRequests);
        m.put("dpop_signing_alg_values_supported", DpopProofVerifier.ALGORITHMS);
        return m;
    }
}
