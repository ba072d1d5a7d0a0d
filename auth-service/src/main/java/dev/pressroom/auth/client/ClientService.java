package dev.pressroom.auth.client;

import dev.pressroom.auth.audit.AuditEvent;
import dev.pressroom.auth.audit.AuditEventType;
import dev.pressroom.auth.audit.AuditLog;
import dev.pressroom.auth.audit.Origin;
import dev.pressroom.auth.cache.ShortLivedCache;
import dev.pressroom.auth.error.OAuthException;
import dev.pressroom.auth.keys.SigningKeys;
import dev.pressroom.auth.request.ClientCredentials;
import dev.pressroom.auth.request.ClientMetadata;
import dev.pressroom.auth.request.OAuthParams;
import dev.pressroom.auth.store.PostgresCalls;
import dev.pressroom.kernel.id.Tokens;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

/**
 * Client authentication and registration. Secrets are 256-bit random values generated here, so a SHA-256
 * hash is enough to store them (a slow hash protects guessable secrets only); compared in constant time.
 */
@ApplicationScoped
public class ClientService {

    /** A secret hash that matches nothing, compared when the client is unknown so timing says nothing. */
    private static final String NO_SECRET = Tokens.sha256("no-such-client");

    /**
     * Clients are read on every token, introspection and authorization request: a replica keeps each for a few
     * seconds. Changes made through this replica apply at once; other replicas see them within the TTL.
     */
    private final ShortLivedCache<String, Client> cache = new ShortLivedCache<>(Duration.ofSeconds(5), 10_000);

    private final ClientRepository clients;
    private final PostgresCalls postgres;
    private final Clock clock;
    private final AuditLog audit;
    private final ClientAssertions assertions;
    private final ClientKeys clientKeys;
    private final SigningKeys signingKeys;

    public ClientService(
            ClientRepository clients,
            PostgresCalls postgres,
            Clock clock,
            AuditLog audit,
            ClientAssertions assertions,
            ClientKeys clientKeys,
            SigningKeys signingKeys) {
        this.clients = clients;
        this.postgres = postgres;
        this.clock = clock;
        this.audit = audit;
        this.assertions = assertions;
        this.clientKeys = clientKeys;
        this.signingKeys = signingKeys;
    }

    public Uni<Client> find(String clientId) {
        return cache.get(clientId, clients::find);
    }

    /**
     * RFC 6749 §2.3.1 and §3.2.1: confidential clients authenticate, public clients identify themselves. A client
     * registered for private_key_jwt authenticates with an assertion and nothing else, and only such a client may.
     */
    public Uni<Client> authenticate(ClientCredentials credentials) {
        if (credentials.assertion().isPresent()) {
            return find(credentials.clientId()).chain(client -> {
                if (client == null || !OAuthParams.PRIVATE_KEY_JWT.equals(client.authMethod())) {
                    throw OAuthException.invalidClient("Client authentication failed.");
                }
                return assertions.verify(client, credentials.assertion().get()).replaceWith(client);
            });
        }
        return find(credentials.clientId()).map(client -> {
            boolean secretMatches = Tokens.constantTimeEquals(
                    client == null || client.secretHash() == null ? NO_SECRET : client.secretHash(),
                    credentials.secret().map(Tokens::sha256).orElse(""));
            if (client == null) {
                throw OAuthException.invalidClient("Client authentication failed.");
            }
            if (client.isPublic() != credentials.secret().isEmpty() || (!client.isPublic() && !secretMatches)) {
                throw OAuthException.invalidClient("Client authentication failed.");
            }
            return client;
        });
    }

    /** Confidential clients only (introspection, RFC 7662 §2.1 as restricted by the spec). */
    public Uni<Client> authenticateConfidential(ClientCredentials credentials) {
        if (credentials.secret().isEmpty() && credentials.assertion().isEmpty()) {
            return Uni.createFrom().failure(OAuthException.invalidClient("This endpoint is for confidential clients."));
        }
        return authenticate(credentials);
    }

    /**
     * Staff create or replace a first-party client. A new secret is generated each time and shown once, unless
     * staff provision one (at least 32 characters, e.g. from a deployment Secret the client also mounts). A verified
     * client keeps its badge: the change is made by the staff who grant it, not by the client.
     */
    public Uni<Registered> saveFirstParty(
            String clientId, ClientMetadata.Valid m, String createdBy, String givenSecret, Origin origin) {
        if (!signsWith(m)) {
            return Uni.createFrom().failure(noSigningKey(m));
        }
        String secret = OAuthParams.AUTH_METHOD_NONE.equals(m.authMethod())
                        || OAuthParams.PRIVATE_KEY_JWT.equals(m.authMethod())
                ? null
                : givenSecret != null ? givenSecret : Tokens.random(32);
        Client client = unverified(clientId, secret, m, Client.Kind.FIRST_PARTY, createdBy, clock.instant());
        return clientKeys
                .checkRegistered("jwks_uri", m.jwksUri())
                .chain(() -> clientKeys.checkRegistered("backchannel_logout_uri", m.backchannelLogoutUri()))
                .chain(() -> clients.find(clientId))
                .chain(existing -> {
                    if (existing != null && existing.kind() != Client.Kind.FIRST_PARTY) {
                        return Uni.createFrom()
                                .failure(new IllegalArgumentException("client_id belongs to a registered client"));
                    }
                    return clients.upsertFirstParty(client)
                            .invoke(() -> audit.record(AuditEvent.of(
                                            existing == null
                                                    ? AuditEventType.CLIENT_REGISTERED
                                                    : AuditEventType.CLIENT_UPDATED,
                                            null,
                                            clientId,
                                            origin)
                                    .with("kind", "first_party")
                                    .with("by", createdBy)));
                })
                .invoke(() -> cache.forget(clientId))
                .chain(() -> find(clientId))
                .map(saved -> new Registered(saved, secret, null));
    }

    /**
     * RFC 7591 §3: uses the initial access token once and creates the client in one transaction. The use is counted
     * on the token's row, which the transaction holds locked, so a token of n uses registers exactly n clients
     * however many requests race for it; each use is audited with the token's id.
     */
    public Uni<Registered> register(String initialAccessToken, ClientMetadata.Valid m, Origin origin) {
        if (!signsWith(m)) {
            return Uni.createFrom().failure(noSigningKey(m));
        }
        Instant now = clock.instant();
        String clientId = Tokens.random(16);
        String secret = OAuthParams.AUTH_METHOD_NONE.equals(m.authMethod())
                        || OAuthParams.PRIVATE_KEY_JWT.equals(m.authMethod())
                ? null
                : Tokens.random(32);
        String registrationToken = Tokens.random(32);
        Client client = unverified(clientId, secret, m, Client.Kind.DYNAMIC, "registration", now);
        OffsetDateTime at = OffsetDateTime.ofInstant(now, ZoneOffset.UTC);
        return clientKeys
                .checkRegistered("jwks_uri", m.jwksUri())
                .chain(() -> clientKeys.checkRegistered("backchannel_logout_uri", m.backchannelLogoutUri()))
                .chain(() -> postgres.inTransaction(sql -> sql.preparedQuery(
                                "UPDATE initial_access_tokens SET uses = uses + 1, "
                                        + "used_at = $2, used_by_client = $3 WHERE token_hash = $1 AND uses < max_uses "
                                        + "AND expires_at > $2 RETURNING id, uses, max_uses")
                        .execute(Tuple.of(Tokens.sha256(initialAccessToken), at, clientId))
                        .chain(rows -> rows.rowCount() == 1
                                ? clients.insert(sql, client, Tokens.sha256(registrationToken))
                                        .replaceWith(rows.iterator().next())
                                : Uni.createFrom()
                                        .failure(OAuthException.invalidToken(
                                                "The initial access token is not valid.")))))
                .invoke(use -> audit.record(AuditEvent.of(AuditEventType.CLIENT_REGISTERED, null, clientId, origin)
                        .with("kind", "dynamic")
                        .with("by", "registration")
                        .with("initial_access_token", use.getUUID("id").toString())
                        .with("use", use.getInteger("uses"))
                        .with("max_uses", use.getInteger("max_uses"))))
                .replaceWith(new Registered(client, secret, registrationToken));
    }

    /**
     * Staff mint an initial access token: one self-hosted instance registers with it, or up to {@code maxUses}
     * (a fleet an operator provisions), until it expires after {@code ttl}.
     */
    public Uni<Map<String, Object>> mintInitialAccessToken(String createdBy, Duration ttl, int maxUses) {
        String token = Tokens.random(32);
        Instant now = clock.instant();
        Instant expires = now.plus(ttl);
        return postgres.query(
                        "INSERT INTO initial_access_tokens (token_hash, created_by, created_at, expires_at, max_uses) "
                                + "VALUES ($1, $2, $3, $4, $5) RETURNING id",
                        Tuple.of(
                                Tokens.sha256(token),
                                createdBy,
                                OffsetDateTime.ofInstant(now, ZoneOffset.UTC),
                                OffsetDateTime.ofInstant(expires, ZoneOffset.UTC),
                                maxUses))
                .map(rows -> Map.of(
                        "initial_access_token",
                        token,
                        "id",
                        rows.iterator().next().getUUID("id").toString(),
                        "expires_at",
                        expires.getEpochSecond(),
                        "max_uses",
                        maxUses));
    }

    /** RFC 7592 §2.1: the client's own registration, read with its registration access token. */
    public Uni<Client> readRegistration(String clientId, String registrationToken) {
        return clients.findRegistered(clientId, Tokens.sha256(registrationToken))
                .onItem()
                .ifNull()
                .failWith(ClientService::invalidRegistrationToken);
    }

    /**
     * RFC 7592 §2.2: the client replaces its metadata; the auth method cannot change. The registration access token
     * rotates (RFC 7592 §3 lets the server issue a new one with the answer): the old one stops working at once, so a
     * token copied from an old configuration cannot change the client later. The update applies only while the old
     * token is still the current one, so of two updates sent with one token exactly one succeeds.
     */
    public Uni<Registered> updateRegistration(
            String clientId, String registrationToken, ClientMetadata.Valid m, Origin origin) {
        String newToken = Tokens.random(32);
        if (!signsWith(m)) {
            return Uni.createFrom().failure(noSigningKey(m));
        }
        return clientKeys
                .checkRegistered("jwks_uri", m.jwksUri())
                .chain(() -> clientKeys.checkRegistered("backchannel_logout_uri", m.backchannelLogoutUri()))
                .chain(() -> readRegistration(clientId, registrationToken))
                .chain(existing -> {
                    if (!existing.authMethod().equals(m.authMethod())) {
                        throw new OAuthException(
                                400,
                                "invalid_client_metadata",
                                "token_endpoint_auth_method cannot change; register a new client.",
                                null);
                    }
                    return clients.updateMetadata(
                                    existing.withMetadata(m), Tokens.sha256(registrationToken), Tokens.sha256(newToken))
                            .invoke(updated -> {
                                if (!updated) {
                                    throw invalidRegistrationToken();
                                }
                            })
                            .invoke(() -> cache.forget(clientId))
                            .chain(() -> clients.find(clientId))
                            .invoke(saved ->
                                    audit.record(AuditEvent.of(AuditEventType.CLIENT_UPDATED, null, clientId, origin)
                                            .with("kind", "dynamic")
                                            .with("by", "client")
                                            .with("verified", saved.verified())))
                            .map(saved -> new Registered(saved, null, newToken));
                });
    }

    /**
     * RFC 7592 §2.3: deletes the client and its consents; answers the accounts that had consented, whose tokens of
     * this client the caller revokes. An unknown client or a wrong token is 401 invalid_token (§2.3).
     */
    public Uni<List<String>> deleteRegistration(String clientId, String registrationToken) {
        return clients.deleteRegistered(clientId, Tokens.sha256(registrationToken))
                .onItem()
                .ifNull()
                .failWith(ClientService::invalidRegistrationToken)
                .invoke(() -> cache.forget(clientId));
    }

    /** An algorithm this provider has no key for would leave the client without ID tokens (OIDC Registration §2). */
    private boolean signsWith(ClientMetadata.Valid m) {
        return signingKeys.active(m.idTokenSignedResponseAlg()).isPresent();
    }

    private OAuthException noSigningKey(ClientMetadata.Valid m) {
        return new OAuthException(
                400,
                "invalid_client_metadata",
                "This provider has no " + m.idTokenSignedResponseAlg()
                        + " signing key; id_token_signed_response_alg may be "
                        + String.join(", ", signingKeys.algorithms())
                        + ".",
                null);
    }

    private static OAuthException invalidRegistrationToken() {
        return OAuthException.invalidToken("The registration access token is not valid for this client.");
    }

    public Uni<Boolean> markVerified(String clientId, String verifiedBy, Origin origin) {
        return clients.markVerified(clientId, verifiedBy, clock.instant()).invoke(found -> {
            cache.forget(clientId);
            if (found) {
                audit.record(AuditEvent.of(AuditEventType.CLIENT_VERIFIED, null, clientId, origin)
                        .with("verified_by", verifiedBy));
            }
        });
    }

    /** A new client as its metadata describes it, not verified; only the secret's hash is kept. */
    private static Client unverified(
            String clientId, String secret, ClientMetadata.Valid m, Client.Kind kind, String createdBy, Instant at) {
        return new Client(
                clientId,
                secret == null ? null : Tokens.sha256(secret),
                m.name(),
                m.redirectUris(),
                m.postLogoutRedirectUris(),
                m.scopes(),
                m.links(),
                m.authMethod(),
                kind,
                false,
                null,
                null,
                createdBy,
                at,
                m.requirePushedAuthorizationRequests(),
                m.jwks(),
                m.jwksUri(),
                m.idTokenSignedResponseAlg(),
                m.dpopBoundAccessTokens(),
                m.backchannelLogoutUri(),
                m.backchannelLogoutSessionRequired());
    }

    /** A client with its one-time secret and registration access token (null where not applicable). */
    public record Registered(Client client, String secret, String registrationAccessToken) {}
}
