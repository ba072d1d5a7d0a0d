package dev.pressroom.auth.token;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** RFC 6749 §5.1 token response, as the spec's table lists it. Returned inside a Response, so registered by hand for native. */
@RegisterForReflection
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TokenResponse(
        @JsonProperty("access_token") String accessToken,
        @JsonProperty("token_type") String tokenType,
        @JsonProperty("expires_in") long expiresIn,
        @JsonProperty("scope") String scope,
        @JsonProperty("refresh_token") String refreshToken,
        @JsonProperty("id_token") String idToken) {}
