package dev.pressroom.auth.request;

import dev.pressroom.auth.error.OAuthException;
import java.util.Optional;

/** A token request, one record per grant (RFC 6749 §4.1.3, §6). */
public sealed interface TokenRequest {

    String grantType();

    /** RFC 6749 §4.1.3 with the RFC 7636 §4.5 verifier. */
    record AuthorizationCode(String code, String redirectUri, String codeVerifier) implements TokenRequest {
        @Override
        public String grantType() {
            return OAuthParams.AUTHORIZATION_CODE;
        }
    }

    /** RFC 6749 §6: an optional narrower scope. */
    record RefreshToken(String refreshToken, Optional<String> scope) implements TokenRequest {
        @Override
        public String grantType() {
            return OAuthParams.REFRESH_TOKEN;
        }
    }

    static TokenRequest parse(Params params) {
        String grantType = params.required(OAuthParams.GRANT_TYPE);
        return switch (grantType) {
            case OAuthParams.AUTHORIZATION_CODE ->
                new AuthorizationCode(
                        params.required(OAuthParams.CODE),
                        params.required(OAuthParams.REDIRECT_URI),
                        params.required(OAuthParams.CODE_VERIFIER));
            case OAuthParams.REFRESH_TOKEN ->
                new RefreshToken(params.required(OAuthParams.REFRESH_TOKEN), params.optional(OAuthParams.SCOPE));
            default ->
                throw new OAuthException(
                        400,
                        "unsupported_grant_type",
                        "Supported grant types: authorization_code, refresh_token.",
                        null);
        };
    }
}
