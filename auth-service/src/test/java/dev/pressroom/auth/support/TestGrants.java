package dev.pressroom.auth.support;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.auth.account.Account;
import dev.pressroom.auth.account.AccountService;
import dev.pressroom.auth.account.ClaimsService;
import dev.pressroom.auth.audit.AuditLog;
import dev.pressroom.auth.audit.AuditWriter;
import dev.pressroom.auth.client.Client;
import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.auth.grant.AuthorizationCodeGrant;
import dev.pressroom.auth.grant.RefreshTokenGrant;
import dev.pressroom.auth.grant.Revocations;
import dev.pressroom.auth.grant.TokenIssuer;
import dev.pressroom.auth.grant.TokenReuse;
import dev.pressroom.auth.keys.SigningKey;
import dev.pressroom.auth.password.HashingPool;
import dev.pressroom.auth.password.PasswordHasher;
import dev.pressroom.auth.password.TestHashers;
import dev.pressroom.auth.request.RequestedClaims;
import dev.pressroom.auth.store.AuthorizationCode;
import dev.pressroom.auth.store.RedisKeys;
import dev.pressroom.auth.support.fakes.InMemoryAccountStore;
import dev.pressroom.auth.support.fakes.InMemoryAuditStore;
import dev.pressroom.auth.support.fakes.InMemoryCodeStore;
import dev.pressroom.auth.support.fakes.InMemoryConsentStore;
import dev.pressroom.auth.support.fakes.InMemoryPasskeyStore;
import dev.pressroom.auth.support.fakes.InMemorySessionStore;
import dev.pressroom.auth.support.fakes.InMemoryTokenStore;
import dev.pressroom.auth.token.AuthenticationMethods;
import dev.pressroom.auth.token.ClaimsSigner;
import dev.pressroom.auth.token.IdTokenGenerator;
import dev.pressroom.auth.token.TestSigners;
import dev.pressroom.auth.validate.Pkce;
import dev.pressroom.kernel.testing.MovableClock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.security.GeneralSecurityException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * The grant handlers as the service wires them, over in-memory stores instead of Redis and PostgreSQL, a movable
 * clock and a fresh signing key: for plain unit tests of each grant.
 */
public final class TestGrants implements AutoCloseable {

    public final MovableClock clock =
            new MovableClock(Clock.fixed(Instant.parse("2026-11-24T12:00:00Z"), ZoneOffset.UTC));
    public final AuthConfig config;
    public final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    public final InMemoryCodeStore codes = new InMemoryCodeStore();
    public final InMemoryTokenStore tokens;
    public final InMemoryAccountStore accounts = new InMemoryAccountStore();
    public final InMemoryConsentStore consents = new InMemoryConsentStore();
    public final InMemoryPasskeyStore passkeys = new InMemoryPasskeyStore();
    public final InMemoryAuditStore audit = new InMemoryAuditStore();
    public final SigningKey key;
    public final Revocations revocations;
    public final AuthorizationCodeGrant authorizationCode;
    public final RefreshTokenGrant refreshToken;
    private final HashingPool hashing = new HashingPool(1, 1, registry);

    /** Made once: an RSA key and the hasher's dummy hash each cost a noticeable part of a second. */
    private static final SigningKey KEY = generateKey();

    private static final PasswordHasher HASHER = TestHashers.bouncyCastle();

    private static SigningKey generateKey() {
        try {
            return TestKeys.generate("2026-11-24-grants");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    public TestGrants() {
        this(Map.of());
    }

    public TestGrants(Map<String, String> config) {
        this.config = TestConfig.auth(config);
        this.tokens = new InMemoryTokenStore(
                this.config.limits().liveTokensPerGrant(), this.config.refreshReuseGrace(), clock);
        this.key = KEY;
        this.revocations = new Revocations(tokens, new InMemorySessionStore(), registry);
        TokenIssuer issuer = new TokenIssuer(
                tokens,
                revocations,
                new AccountService(accounts, HASHER, hashing, clock),
                new ClaimsService(accounts),
                consents,
                passkeys,
                new IdTokenGenerator(
                        new ClaimsSigner(alg -> Optional.of(key), new ObjectMapper(), TestSigners.jdk()),
                        this.config,
                        clock),
                this.config,
                clock);
        TokenReuse reuse = new TokenReuse(revocations, new AuditLog(new AuditWriter(audit, registry), clock, registry));
        this.authorizationCode = new AuthorizationCodeGrant(codes, reuse, issuer, this.config, clock);
        this.refreshToken = new RefreshTokenGrant(tokens, revocations, issuer, reuse, this.config, clock);
    }

    /** A person who consented to {@code clientId} for {@code scopes}: the account's id and the consent's. */
    public Consented consented(String clientId, String... scopes) {
        Account account = new Account(
                UUID.randomUUID(),
                "person-" + UUID.randomUUID() + "@example.org",
                true,
                "A Person",
                null,
                "$argon2id$unused",
                clock.instant());
        accounts.insert(account).await().indefinitely();
        UUID consentId = consents.grant(account.id(), clientId, Set.of(scopes), clock.instant())
                .await()
                .indefinitely();
        return new Consented(account.id().toString(), consentId.toString());
    }

    public record Consented(String accountId, String consentId) {}

    /** Stores a code as the authorization endpoint does, for {@code verifier}'s S256 challenge; answers the code. */
    public String code(Client client, Consented person, String verifier, String nonce, String... scopes) {
        return code(client, person, null, verifier, nonce, scopes);
    }

    /** As above, for a session that signed in with the passkey {@code passkeyId} (null: a password). */
    public String code(
            Client client, Consented person, UUID passkeyId, String verifier, String nonce, String... scopes) {
        return codeAskingFor(client, person, passkeyId, RequestedClaims.NONE, verifier, nonce, scopes);
    }

    /** As above, with claims the claims parameter asked for one by one (their scopes consented to). */
    public String codeAskingFor(
            Client client,
            Consented person,
            UUID passkeyId,
            RequestedClaims claims,
            String verifier,
            String nonce,
            String... scopes) {
        return code(client, person, passkeyId, claims, null, verifier, nonce, scopes);
    }

    /** A code bound to the DPoP key of thumbprint {@code dpopJkt}, as dpop_jkt binds it (RFC 9449 §10). */
    public String codeBoundTo(String dpopJkt, Client client, Consented person, String verifier, String... scopes) {
        return code(client, person, null, RequestedClaims.NONE, dpopJkt, verifier, null, scopes);
    }

    private String code(
            Client client,
            Consented person,
            UUID passkeyId,
            RequestedClaims claims,
            String dpopJkt,
            String verifier,
            String nonce,
            String... scopes) {
        String code = RedisKeys.newToken(person.accountId());
        long now = clock.instant().getEpochSecond();
        codes.save(
                        code,
                        new AuthorizationCode(
                                client.id(),
                                TestClients.REDIRECT,
                                person.accountId(),
                                List.of(scopes),
                                nonce,
                                Pkce.s256(verifier),
                                now - 30,
                                "sid-" + code.substring(code.length() - 8),
                                passkeyId == null ? AuthenticationMethods.PASSWORD : AuthenticationMethods.PASSKEY,
                                UUID.randomUUID().toString(),
                                person.consentId(),
                                now,
                                passkeyId == null ? null : passkeyId.toString(),
                                claims,
                                dpopJkt))
                .await()
                .indefinitely();
        return code;
    }

    /** The count of revocations for a reason, as the metric reads it. */
    public double revocations(String reason) {
        return registry.get("pressroom.auth.revocations")
                .tag("reason", reason)
                .counter()
                .count();
    }

    @Override
    public void close() {
        hashing.close();
    }
}
