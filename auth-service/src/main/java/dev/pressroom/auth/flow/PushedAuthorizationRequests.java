package dev.pressroom.auth.flow;

import dev.pressroom.auth.abuse.AbuseLimits;
import dev.pressroom.auth.client.Client;
import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.auth.error.AuthorizationRedirectException;
import dev.pressroom.auth.error.ErrorPageException;
import dev.pressroom.auth.error.OAuthException;
import dev.pressroom.auth.page.Problem;
import dev.pressroom.auth.request.OAuthParams;
import dev.pressroom.auth.request.Params;
import dev.pressroom.auth.store.PushedRequest;
import dev.pressroom.auth.store.PushedRequestStore;
import dev.pressroom.auth.validate.RedirectUris;
import dev.pressroom.kernel.id.Tokens;
import io.quarkus.runtime.annotations.RegisterForReflection;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Pushed authorization requests (RFC 9126): an authenticated client sends its authorization request straight to the
 * provider, which validates it as the authorization endpoint would and keeps it, single use, for a minute behind a
 * random request_uri; the browser then carries only client_id and that request_uri.
 */
@ApplicationScoped
public class PushedAuthorizationRequests {

    /** RFC 9126 §2.2: the request_uri is a URN of the RFC's own namespace. */
    static final String URN_PREFIX = "urn:ietf:params:oauth:request_uri:";

    /** RFC 9126 §2.1: parameters that only authenticate the client are not part of the authorization request. */
    private static final Set<String> CLIENT_AUTHENTICATION =
            Set.of(OAuthParams.CLIENT_SECRET, OAuthParams.CLIENT_ASSERTION, OAuthParams.CLIENT_ASSERTION_TYPE);

    private final PushedRequestStore store;
    private final AbuseLimits limits;
    private final AuthConfig config;

    public PushedAuthorizationRequests(PushedRequestStore store, AbuseLimits limits, AuthConfig config) {
        this.store = store;
        this.limits = limits;
        this.config = config;
    }

    /**
     * RFC 9126 §2.2: the answer to a pushed request, 201. Jackson writes it, which the native executable allows only
     * for registered classes (found by AuthServiceNativeIT: every push was a 500).
     */
    @RegisterForReflection
    public record Pushed(String request_uri, long expires_in) {}

    /**
     * Validates a request the client pushed and keeps it. Every refusal is JSON (RFC 9126 §2.3): an error the
     * authorization endpoint would redirect with keeps its code here; one it would show on its error page (client_id,
     * redirect_uri) is invalid_request.
     *
     * @param proofJkt the thumbprint of the request's DPoP proof, null without one: the code is bound to its key as
     *     dpop_jkt would bind it (RFC 9449 §10.1)
     */
    public Uni<Pushed> push(Client client, Params params, String proofJkt) {
        // RFC 9126 §2.1: client_id is required here as at the authorization endpoint; request_uri must not be sent.
        if (!client.id().equals(params.optional(OAuthParams.CLIENT_ID).orElse(null))) {
            throw OAuthException.invalidRequest("client_id is required and must name the authenticated client.");
        }
        if (params.optional(OAuthParams.REQUEST_URI).isPresent()) {
            throw OAuthException.invalidRequest("request_uri must not be sent in a pushed authorization request.");
        }
        String redirectUri = params.optional(OAuthParams.REDIRECT_URI)
                .orElseThrow(() -> OAuthException.invalidRequest("redirect_uri is required."));
        if (client.redirectUris().stream().noneMatch(r -> RedirectUris.matches(r, redirectUri))) {
            throw OAuthException.invalidRequest("redirect_uri is not registered for this client.");
        }
        try {
            AuthorizationRequests.validate(params, client, redirectUri);
        } catch (AuthorizationRedirectException e) {
            throw new OAuthException(400, e.error(), e.description(), null);
        }
        // RFC 9449 §10.1: with both a proof and dpop_jkt, they must name the same key.
        String dpopJkt = params.optional(OAuthParams.DPOP_JKT).orElse(proofJkt);
        if (proofJkt != null && !proofJkt.equals(dpopJkt)) {
            throw OAuthException.invalidRequest("dpop_jkt is not the thumbprint of the DPoP proof's key.");
        }
        String requestUri = URN_PREFIX + Tokens.random(32);
        long ttl = config.pushedRequestTtl().toSeconds();
        return limits.pushedRequestOf(client.id())
                .chain(() -> store.save(
                        requestUri, new PushedRequest(client.id(), authorizationParams(params, dpopJkt)), ttl))
                .replaceWith(new Pushed(requestUri, ttl));
    }

    /**
     * The parameters pushed under {@code requestUri}, taken once, for the client that pushed them (RFC 9126 §4). An
     * unknown, expired or used request_uri, or one of another client, ends at the error page: without the request
     * there is no redirect URI to trust.
     */
    public Uni<Params> take(String requestUri, String clientId) {
        return store.takePushed(requestUri).map(pushed -> {
            if (pushed == null || !pushed.clientId().equals(clientId)) {
                throw ErrorPageException.badRequest(
                        Problem.INVALID_REQUEST,
                        "invalid_request_uri: the request_uri is unknown, expired, already used or of another client.");
            }
            return new Params(pushed.params(), m -> ErrorPageException.badRequest(Problem.INVALID_REQUEST, m));
        });
    }

    /** Whether this client's authorization requests must be pushed: its own metadata or the provider's policy. */
    public boolean required(Client client) {
        return config.requirePushedAuthorizationRequests() || client.requirePushedAuthorizationRequests();
    }

    private static Map<String, List<String>> authorizationParams(Params params, String dpopJkt) {
        Map<String, List<String>> kept = new HashMap<>(params.values());
        kept.keySet().removeAll(CLIENT_AUTHENTICATION);
        if (dpopJkt != null) {
            kept.put(OAuthParams.DPOP_JKT, List.of(dpopJkt));
        }
        return kept;
    }
}
