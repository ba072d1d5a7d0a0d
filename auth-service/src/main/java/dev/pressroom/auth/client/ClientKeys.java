package dev.pressroom.auth.client;

import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.auth.error.OAuthException;
import dev.pressroom.auth.jose.PublicJwk;
import dev.pressroom.auth.validate.JwkSets;
import dev.pressroom.kernel.outbound.BoundedHttp;
import dev.pressroom.kernel.outbound.OutboundException;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.jboss.logging.Logger;

/**
 * A private_key_jwt client's public keys: its registered jwks, or the JWK Set at its jwks_uri, fetched through
 * {@link BoundedHttp} (public https addresses only, 2 s to connect, 3 s for the answer, 64 KiB) on a worker thread,
 * kept for {@code auth.outbound.jwks-cache-ttl}. An assertion with a kid we do not know makes us fetch once more
 * (the client rotated its keys), at most once per 30 seconds per client, so strangers sending made-up kids in a
 * client's name cannot make us hammer its server.
 */
@ApplicationScoped
public class ClientKeys {

    private static final Logger LOG = Logger.getLogger(ClientKeys.class);
    private static final int MAX_JWKS_BYTES = 64 * 1024;
    private static final Duration REFETCH_AFTER = Duration.ofSeconds(30);
    private static final int MAX_CACHED = 10_000;

    private record Fetched(List<PublicJwk> keys, Instant at) {}

    private final BoundedHttp http;
    private final Clock clock;
    private final Duration ttl;
    private final ConcurrentMap<String, Fetched> cache = new ConcurrentHashMap<>();

    public ClientKeys(AuthConfig config, MeterRegistry meters, Clock clock) {
        AuthConfig.Outbound outbound = config.outbound();
        this.http = BoundedHttp.of(
                new BoundedHttp.Limits(
                        outbound.connectTimeout(), outbound.answerTimeout(), MAX_JWKS_BYTES, outbound.allowLoopback()),
                meters,
                "jwks_uri");
        this.clock = clock;
        this.ttl = outbound.jwksCacheTtl();
    }

    /**
     * Fails with invalid_client_metadata when a URL the metadata names for us to call ({@code member}: jwks_uri,
     * backchannel_logout_uri) is not https or its host resolves to an address that is not public, so a client hears
     * of it at registration rather than when we first call it. Delivery checks again, as DNS can change.
     */
    public Uni<Void> checkRegistered(String member, String url) {
        if (url == null) {
            return Uni.createFrom().voidItem();
        }
        return Uni.createFrom()
                .item(() -> {
                    URI uri = parse(member, url);
                    String problem = http.uriProblem(uri)
                            .or(() -> http.addressProblem(uri))
                            .orElse(null);
                    if (problem != null) {
                        throw new OAuthException(
                                400, "invalid_client_metadata", member + " " + url + ": " + problem + ".", null);
                    }
                    return (Void) null;
                })
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    /** The client's keys as last known: its jwks, or its jwks_uri's, fetched when not cached or stale. */
    public Uni<List<PublicJwk>> current(Client client) {
        if (client.jwks() != null) {
            return Uni.createFrom().item(() -> JwkSets.parse(client.jwks()).keys());
        }
        Fetched cached = cache.get(client.jwksUri());
        if (cached != null && cached.at().plus(ttl).isAfter(clock.instant())) {
            return Uni.createFrom().item(cached.keys());
        }
        return fetch(client.jwksUri());
    }

    /**
     * The client's keys fetched again, for an assertion whose kid we do not know; the cached keys when there is no
     * jwks_uri or the last fetch is too recent.
     */
    public Uni<List<PublicJwk>> refreshed(Client client) {
        if (client.jwksUri() == null) {
            return current(client);
        }
        Fetched cached = cache.get(client.jwksUri());
        if (cached != null && cached.at().plus(REFETCH_AFTER).isAfter(clock.instant())) {
            return Uni.createFrom().item(cached.keys());
        }
        return fetch(client.jwksUri());
    }

    private Uni<List<PublicJwk>> fetch(String jwksUri) {
        return Uni.createFrom().item(() -> download(jwksUri)).runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    private List<PublicJwk> download(String jwksUri) {
        BoundedHttp.Answer answer;
        try {
            answer = http.get(parse("jwks_uri", jwksUri), "application/jwk-set+json, application/json");
        } catch (OutboundException e) {
            LOG.debugf("jwks_uri fetch failed: %s", e.getMessage());
            throw OAuthException.invalidClient("The client's jwks_uri could not be fetched: " + e.getMessage() + ".");
        }
        if (!answer.ok()) {
            throw OAuthException.invalidClient("The client's jwks_uri answered HTTP " + answer.status() + ".");
        }
        JwkSets.Parsed parsed = JwkSets.parse(answer.body());
        if (parsed.problem().isPresent()) {
            throw OAuthException.invalidClient(
                    "The client's jwks_uri document " + parsed.problem().get() + ".");
        }
        if (cache.size() >= MAX_CACHED) {
            cache.clear(); // a bound, not a policy: every client fetches again once
        }
        cache.put(jwksUri, new Fetched(parsed.keys(), clock.instant()));
        return parsed.keys();
    }

    private static URI parse(String member, String uri) {
        try {
            return new URI(uri);
        } catch (java.net.URISyntaxException e) {
            throw new OAuthException(400, "invalid_client_metadata", member + " is not a URL.", null);
        }
    }
}
