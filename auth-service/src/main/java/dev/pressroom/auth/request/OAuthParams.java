package dev.pressroom.auth.request;

/** OAuth 2.0 and OpenID Connect parameter names, in one place. */
public final class OAuthParams {

    public static final String CLIENT_ID = "client_id";
    public static final String CLIENT_SECRET = "client_secret";
    public static final String REDIRECT_URI = "redirect_uri";
    public static final String RESPONSE_TYPE = "response_type";
    public static final String SCOPE = "scope";
    public static final String STATE = "state";
    public static final String NONCE = "nonce";
    public static final String CODE = "code";
    public static final String CODE_CHALLENGE = "code_challenge";
    public static final String CODE_CHALLENGE_METHOD = "code_challenge_method";
    public static final String CODE_VERIFIER = "code_verifier";
    public static final String PROMPT = "prompt";
    public static final String MAX_AGE = "max_age";
    public static final String UI_LOCALES = "ui_locales";
    public static final String ACR_VALUES = "acr_values";
    public static final String CLAIMS = "claims";
    public static final String GRANT_TYPE = "grant_type";
    public static final String REFRESH_TOKEN = "refresh_token";
    public static final String TOKEN = "token";
    public static final String TOKEN_TYPE_HINT = "token_type_hint";
    public static final String ID_TOKEN_HINT = "id_token_hint";
    public static final String POST_LOGOUT_REDIRECT_URI = "post_logout_redirect_uri";
    public static final String REQUEST = "request";
    public static final String REQUEST_URI = "request_uri";
    /** RFC 9449 §10: the JWK SHA-256 thumbprint of the DPoP key the code is to be bound to. */
    public static final String DPOP_JKT = "dpop_jkt";

    public static final String AUTHORIZATION_CODE = "authorization_code";

    /** token_endpoint_auth_method values (RFC 7591 §2): HTTP Basic, or none for public clients with PKCE. */
    public static final String CLIENT_SECRET_BASIC = "client_secret_basic";

    public static final String AUTH_METHOD_NONE = "none";

    /** RFC 7523 §2.2 and OIDC Core §9: a JWT signed with a key the client registered (jwks or jwks_uri). */
    public static final String PRIVATE_KEY_JWT = "private_key_jwt";

    public static final String CLIENT_ASSERTION = "client_assertion";
    public static final String CLIENT_ASSERTION_TYPE = "client_assertion_type";
    public static final String JWT_BEARER_ASSERTION = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";

    private OAuthParams() {}
}
