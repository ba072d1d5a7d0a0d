package dev.pressroom.auth.warmup;

import dev.pressroom.auth.account.Account;
import dev.pressroom.auth.account.AccountStore;
import dev.pressroom.auth.account.ConsentStore;
import dev.pressroom.auth.client.Client;
import dev.pressroom.auth.client.ClientRepository;
import dev.pressroom.auth.keys.JwsAlgorithm;
import dev.pressroom.auth.password.PasswordHasher;
import dev.pressroom.auth.request.ClientMetadata;
import dev.pressroom.auth.request.OAuthParams;
import dev.pressroom.auth.store.PostgresCalls;
import dev.pressroom.auth.store.RedisKeys;
import dev.pressroom.auth.store.Session;
import dev.pressroom.auth.store.SessionStore;
import dev.pressroom.auth.store.TokenStore;
import dev.pressroom.auth.validate.Scopes;
import dev.pressroom.kernel.id.Tokens;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * Whom a warm-up acts as: an account and a confidential first-party client made for that one warm-up, with a
 * consent and a browser session, all removed at its end (rows, the consent's copy, the session, every grant). Their
 * names say what they are, and only the warm-up can make them: the client {@code warm-up-<id>} created by
 * {@code warm-up} (staff's clients are created by {@code admin}), the account {@code warm-up-<id>@warm-up.invalid}
 * (RFC 2606) where {@code <id>} is the account's own id, which nobody signing up chooses. A replica stopped in the
 * middle of its warm-up leaves such rows behind; the next warm-up removes them. Nothing here is audited: no person
 * or client acted.
 */
@ApplicationScoped
public class WarmUpIdentities {

    static final String PREFIX = "warm-up-";
    static final String CREATED_BY = "warm-up";
    static final String EMAIL_DOMAIN = "@warm-up.invalid";
    static final String REDIRECT_URI = "http://127.0.0.1/warm-up";
    static final List<String> SCOPES = List.of(Scopes.OPENID, Scopes.PROFILE, Scopes.EMAIL, Scopes.OFFLINE_ACCESS);

    /** One warm-up's identity. The secret and the session cookie never leave this process. */
    public record Identity(UUID accountId, String clientId, String clientSecret, String sessionCookie) {}

    private final AccountStore accounts;
    private final ClientRepository clients;
    private final ConsentStore consents;
    private final SessionStore sessions;
    private final TokenStore tokens;
    private final PasswordHasher hasher;
    private final PostgresCalls postgres;

    public WarmUpIdentities(
            AccountStore accounts,
            ClientRepository clients,
            ConsentStore consents,
            SessionStore sessions,
            TokenStore tokens,
            PasswordHasher hasher,
            PostgresCalls postgres) {
        this.accounts = accounts;
        this.clients = clients;
        this.consents = consents;
        this.sessions = sessions;
        this.tokens = tokens;
        this.hasher = hasher;
        this.postgres = postgres;
    }

    /** Creates the identity; blocks for one password hash (of a password nobody knows), so never on an event loop. */
    Uni<Identity> create(Instant now) {
        UUID accountId = UUID.randomUUID();
        String clientId = PREFIX + accountId;
        String secret = Tokens.random(32);
        String cookie = RedisKeys.newToken(accountId.toString());
        Account account = new Account(
                accountId,
                PREFIX + accountId + EMAIL_DOMAIN,
                true,
                "Warm-up",
                null,
                hasher.hash(Tokens.random(32)),
                now);
        Client client = new Client(
                clientId,
                Tokens.sha256(secret),
                "Warm-up",
                List.of(REDIRECT_URI),
                List.of(),
                SCOPES,
                ClientMetadata.Links.NONE,
                OAuthParams.CLIENT_SECRET_BASIC,
                Client.Kind.FIRST_PARTY,
                false,
                null,
                null,
                CREATED_BY,
                now,
                false,
                null,
                null,
                JwsAlgorithm.RS256,
                false,
                null,
                false);
        Session session =
                new Session(Tokens.random(16), accountId.toString(), now.getEpochSecond(), List.of("pwd"), null);
        return accounts.insert(account)
                .chain(() -> clients.upsertFirstParty(client))
                .chain(() -> consents.grant(accountId, clientId, Set.copyOf(SCOPES), now))
                .chain(() -> sessions.save(cookie, session))
                .replaceWith(new Identity(accountId, clientId, secret, cookie));
    }

    /** Ends the session, revokes every grant, marks the consent's copy removed and deletes both rows. */
    Uni<Void> remove(Identity identity) {
        String accountId = identity.accountId().toString();
        return sessions.delete(identity.sessionCookie())
                .chain(() -> tokens.revokeApp(accountId, identity.clientId()))
                .chain(() -> consents.removed(identity.accountId(), identity.clientId()))
                .chain(() -> postgres.query("DELETE FROM clients WHERE id = $1", Tuple.of(identity.clientId())))
                .chain(() -> postgres.query("DELETE FROM accounts WHERE id = $1", Tuple.of(identity.accountId())))
                .replaceWithVoid();
    }

    /**
     * Deletes what warm-ups created before {@code before} and never removed. Their Redis entries expire on their own;
     * with the client gone, no token of theirs is accepted at the token endpoint.
     */
    Uni<Integer> removeLeftovers(Instant before) {
        Tuple cutoff = Tuple.of(OffsetDateTime.ofInstant(before, ZoneOffset.UTC));
        return postgres.query(
                        "DELETE FROM clients WHERE created_by = '" + CREATED_BY + "' AND id LIKE '" + PREFIX
                                + "%' AND created_at < $1",
                        cutoff)
                .chain(deletedClients -> postgres.query(
                                "DELETE FROM accounts WHERE email = '" + PREFIX + "' || id::text || '" + EMAIL_DOMAIN
                                        + "' AND created_at < $1",
                                cutoff)
                        .map(deletedAccounts -> deletedClients.rowCount() + deletedAccounts.rowCount()));
    }
}
