package dev.pressroom.auth.dpop;

import dev.pressroom.auth.client.Client;
import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.auth.error.OAuthException;
import dev.pressroom.auth.store.DpopStore;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.List;

/**
 * DPoP (RFC 9449) at the token endpoint, the pushed authorization request endpoint and user info: verifies the proof
 * ({@link DpopProofVerifier}), records its jti so it is used once ({@link DpopStore}), hands out nonces when
 * configured ({@link DpopNonces}), and answers every refusal in the endpoint's shape: a token error (§5) or a DPoP
 * challenge (§7.1).
 */
@ApplicationScoped
public class DpopProofs {

    /** RFC 9449 §7.1: the algorithms a resource accepts, in its challenge. */
    private static final String ALGS = "algs=\"" + String.join(" ", DpopProofVerifier.ALGORITHMS) + "\"";

    private final DpopProofVerifier verifier;
    private final DpopStore store;
    private final AuthConfig.Dpop settings;
    private final String issuer;
    private final Clock clock;
    /** Made once the shared key is read from Redis; only when nonces are required. */
    private volatile DpopNonces nonces;

    public DpopProofs(DpopStore store, AuthConfig config, Clock clock) {
        this.verifier = new DpopProofVerifier(clock, config.dpop().proofWindow());
        this.store = store;
        this.settings = config.dpop();
        this.issuer = config.issuer();
        this.clock = clock;
    }

    /**
     * RFC 9449 §5: the thumbprint of the token request's proof, to bind the tokens to, or null without a proof. A
     * client registered with dpop_bound_access_tokens must send one (§5.2).
     */
    public Uni<String> tokenRequest(Client client, List<String> headers) {
        if (headers.isEmpty() && !client.dpopBoundAccessTokens()) {
            return Uni.createFrom().nullItem();
        }
        return thumbprint(headers, "/oauth/token");
    }

    /**
     * RFC 9449 §10.1: the thumbprint of a pushed authorization request's proof, to bind the code to, or null without
     * a proof. Refusals are token errors, as at the token endpoint.
     */
    public Uni<String> pushedRequest(List<String> headers) {
        return headers.isEmpty() ? Uni.createFrom().nullItem() : thumbprint(headers, "/oauth/par");
    }

    private Uni<String> thumbprint(List<String> headers, String path) {
        return verified(headers, "POST", issuer + path, null)
                .onFailure(DpopRefused.class)
                .transform(this::tokenError)
                .map(DpopProof::jkt);
    }

    /**
     * RFC 9449 §7: a DPoP-bound token ({@code boundJkt} non-null) only with the DPoP scheme and a proof of its key
     * for this request and this token; a bearer token only with the Bearer scheme.
     *
     * @param path the resource's path under the issuer (its htu)
     */
    public Uni<Void> resourceRequest(String boundJkt, String accessToken, Presentation presented, String path) {
        if (boundJkt == null) {
            return presented.dpopScheme()
                    ? Uni.createFrom()
                            .failure(resourceError(
                                    "invalid_token", "This access token is not DPoP-bound; use the Bearer scheme."))
                    : Uni.createFrom().voidItem();
        }
        if (!presented.dpopScheme()) {
            // RFC 9449 §7.2: a bound token sent as a bearer token is refused, whoever sends it.
            return Uni.createFrom()
                    .failure(resourceError(
                            "invalid_token", "This access token is DPoP-bound; use the DPoP scheme with a proof."));
        }
        return verified(presented.proofs(), presented.method(), issuer + path, accessToken)
                .invoke(proof -> {
                    // RFC 9449 §7.1: the proof's key is the one the token is bound to.
                    if (!proof.jkt().equals(boundJkt)) {
                        throw DpopRefused.invalid("The DPoP proof is not made with the key the token is bound to.");
                    }
                })
                .onFailure(DpopRefused.class)
                .transform(e -> resourceError(e))
                .replaceWithVoid();
    }

    /** The proof checked, then its jti recorded (RFC 9449 §11.1): a second use within its lifetime is refused. */
    private Uni<DpopProof> verified(List<String> headers, String method, String target, String accessToken) {
        Uni<DpopProof> proof = settings.requireNonce()
                ? nonces().map(n -> verifier.verify(headers, method, target, accessToken, n::accepted))
                : Uni.createFrom().item(() -> verifier.verify(headers, method, target, accessToken, null));
        long expiresAt =
                clock.instant().getEpochSecond() + 2 * settings.proofWindow().toSeconds();
        return proof.call(p -> store.use(p.jkt(), p.jti(), expiresAt, settings.proofsPerKey())
                .invoke(use -> {
                    switch (use) {
                        case FIRST -> {}
                        case REPLAYED -> throw DpopRefused.invalid("The DPoP proof was used before.");
                        case FULL ->
                            throw new OAuthException(
                                    429, "slow_down", "Too many DPoP proofs of this key; wait a minute.", null);
                    }
                }));
    }

    private Uni<DpopNonces> nonces() {
        DpopNonces made = nonces;
        if (made != null) {
            return Uni.createFrom().item(made);
        }
        return store.nonceKey().map(key -> {
            nonces = new DpopNonces(key, clock, settings.nonceLifetime());
            return nonces;
        });
    }

    /** RFC 9449 §5, §8: 400 with the error code, and the nonce to use when that is what is missing. */
    private OAuthException tokenError(DpopRefused e) {
        return new OAuthException(400, e.code().value(), e.getMessage(), null, nonceFor(e));
    }

    private OAuthException resourceError(DpopRefused e) {
        return new OAuthException(
                401, e.code().value(), e.getMessage(), challenge(e.code().value(), e.getMessage()), nonceFor(e));
    }

    private static OAuthException resourceError(String error, String description) {
        return new OAuthException(401, error, description, challenge(error, description));
    }

    /** RFC 9449 §7.1 (and §9 for use_dpop_nonce): the DPoP scheme's challenge with the algorithms accepted. */
    private static String challenge(String error, String description) {
        return "DPoP error=\"" + error + "\", error_description=\"" + description + "\", " + ALGS;
    }

    private String nonceFor(DpopRefused e) {
        return e.code() == DpopRefused.Code.USE_DPOP_NONCE ? nonces.current() : null;
    }
}
