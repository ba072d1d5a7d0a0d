package dev.pressroom.auth.client;

import dev.pressroom.auth.validate.RedirectUris;
import dev.pressroom.auth.validate.Scopes;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Client metadata as sent to registration (RFC 7591 §2) or the admin API, and its validation.
 * Unknown members are ignored (RFC 7591 §2).
 */
@RegisterForReflection
public record ClientMetadata(
        String client_name,
        List<String> redirect_uris,
        List<String> post_logout_redirect_uris,
        String token_endpoint_auth_method,
        String scope,
        List<String> grant_types,
        List<String> response_types) {

    public static final int MAX_NAME = 100;
    public static final int MAX_URIS = 10;

    /** A metadata problem: RFC 7591 §3.2.2 error code and description. */
    public record Problem(String error, String description) {}

    /** The validated values, defaults applied. */
    public record Valid(
            String name,
            List<String> redirectUris,
            List<String> postLogoutRedirectUris,
            String authMethod,
            List<String> scopes) {}

    /**
     * @param allowRoles whether the roles scope may be asked for: first-party clients only (spec: roles are
     *                   for first-party apps).
     */
    public Optional<Problem> problem(boolean allowRoles) {
        if (client_name == null
                || client_name.isBlank()
                || client_name.length() > MAX_NAME
                || client_name.chars().anyMatch(Character::isISOControl)) {
            return metadata("client_name is required, 1 to " + MAX_NAME + " characters without control characters.");
        }
        if (redirect_uris == null || redirect_uris.isEmpty() || redirect_uris.size() > MAX_URIS) {
            return Optional.of(
                    new Problem("invalid_redirect_uri", "redirect_uris must list 1 to " + MAX_URIS + " URIs."));
        }
        for (String uri : redirect_uris) {
            Optional<String> why = RedirectUris.registrationProblem(uri);
            if (why.isPresent()) {
                return Optional.of(new Problem("invalid_redirect_uri", "redirect_uri " + uri + " " + why.get() + "."));
            }
        }
        if (post_logout_redirect_uris != null) {
            if (post_logout_redirect_uris.size() > MAX_URIS) {
                return metadata("post_logout_redirect_uris may list at most " + MAX_URIS + " URIs.");
            }
            for (String uri : post_logout_redirect_uris) {
                Optional<String> why = RedirectUris.registrationProblem(uri);
                if (why.isPresent()) {
                    return metadata("post_logout_redirect_uri " + uri + " " + why.get() + ".");
                }
            }
        }
        if (token_endpoint_auth_method != null
                && !Client.SECRET_BASIC.equals(token_endpoint_auth_method)
                && !Client.NONE.equals(token_endpoint_auth_method)) {
            return metadata("token_endpoint_auth_method must be client_secret_basic (or none for native apps).");
        }
        if (grant_types != null
                && !Set.of("authorization_code", "refresh_token").containsAll(grant_types)) {
            return metadata("grant_types may contain only authorization_code and refresh_token.");
        }
        if (response_types != null && !Set.of("code").containsAll(response_types)) {
            return metadata("response_types may contain only code.");
        }
        Set<String> scopes = Scopes.parse(scope == null ? Scopes.OPENID : scope);
        if (scopes == null || !scopes.contains(Scopes.OPENID)) {
            return metadata("scope must be a space-separated list including openid.");
        }
        for (String s : scopes) {
            if (!Scopes.isKnown(s)) {
                return Optional.of(new Problem("invalid_client_metadata", "Unknown scope " + s + "."));
            }
            if (Scopes.ROLES.equals(s) && !allowRoles) {
                return metadata("The roles scope is available to first-party apps only.");
            }
        }
        return Optional.empty();
    }

    /** Call after {@link #problem} found none. */
    public Valid valid() {
        return new Valid(
                client_name.strip(),
                List.copyOf(new LinkedHashSet<>(redirect_uris)),
                post_logout_redirect_uris == null
                        ? List.of()
                        : List.copyOf(new LinkedHashSet<>(post_logout_redirect_uris)),
                token_endpoint_auth_method == null ? Client.SECRET_BASIC : token_endpoint_auth_method,
                new ArrayList<>(Scopes.ordered(Scopes.parse(scope == null ? Scopes.OPENID : scope))));
    }

    private static Optional<Problem> metadata(String description) {
        return Optional.of(new Problem("invalid_client_metadata", description));
    }
}
