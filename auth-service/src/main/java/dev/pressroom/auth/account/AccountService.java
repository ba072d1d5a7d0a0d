package dev.pressroom.auth.account;

import dev.pressroom.auth.cache.ShortLivedCache;
import dev.pressroom.auth.password.HashingPool;
import dev.pressroom.auth.password.PasswordHasher;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Sign-in checks and account creation. Argon2id runs on the bounded {@link HashingPool}, never on the event loop; when
 * its queue is full, sign-in and account creation fail at once with 503 temporarily_unavailable.
 */
@ApplicationScoped
public class AccountService {

    private final AccountStore accounts;
    private final ShortLivedCache<UUID, Account> recent = new ShortLivedCache<>(Duration.ofSeconds(5), 10_000);
    private final PasswordHasher hasher;
    private final HashingPool hashing;
    private final Clock clock;

    public AccountService(AccountStore accounts, PasswordHasher hasher, HashingPool hashing, Clock clock) {
        this.accounts = accounts;
        this.hasher = hasher;
        this.hashing = hashing;
        this.clock = clock;
    }

    public static String normalizeEmail(String email) {
        return email == null ? "" : email.strip().toLowerCase(Locale.ROOT);
    }

    /**
     * The account when the password matches, else null. An unknown email costs the same hash as a known
     * one, and both failures look alike, so neither timing nor answer tells whether the account exists.
     */
    public Uni<Account> authenticate(String email, String password) {
        if (!PasswordHasher.acceptableLength(password) || email == null || email.length() > 320) {
            return Uni.createFrom().nullItem();
        }
        return accounts.findByEmail(normalizeEmail(email))
                .chain(account -> hashing.run(() ->
                        hasher.verify(password, account == null ? null : account.passwordHash()) ? account : null))
                .call(account -> account != null && PasswordHasher.needsRehash(account.passwordHash())
                        ? rehash(account, password)
                        : Uni.createFrom().voidItem());
    }

    /** A hash made with older parameters is replaced while the password is at hand (OWASP: upgrade on sign-in). */
    private Uni<Void> rehash(Account account, String password) {
        return hashing.run(() -> hasher.hash(password))
                .chain(hash -> accounts.updatePasswordHash(account.id(), account.passwordHash(), hash));
    }

    public Uni<Account> findByEmail(String email) {
        return accounts.findByEmail(normalizeEmail(email));
    }

    /**
     * Every code exchange, refresh and authorization with a session reads the account: a replica keeps each for a
     * few seconds. Accounts are only ever inserted, so a kept copy cannot be out of date.
     */
    public Uni<Account> find(UUID id) {
        return recent.get(id, accounts::findById);
    }

    /** Creates the account; answers null when the email is taken. */
    public Uni<Account> create(String email, String password, String name, String picture, boolean emailVerified) {
        return hashing.run(() -> hasher.hash(password))
                .map(hash -> new Account(
                        UUID.randomUUID(), normalizeEmail(email), emailVerified, name, picture, hash, clock.instant()))
                .chain(account -> accounts.insert(account).map(inserted -> inserted ? account : null));
    }

    /** Grants the account a role for a first-party client; answers false when there is no such account. */
    public Uni<Boolean> grantRole(UUID accountId, String clientId, String role) {
        return ifExists(accountId, () -> accounts.grantRole(accountId, clientId, role));
    }

    /** Creates or updates the account's license of this product and major version; false when there is no account. */
    public Uni<Boolean> saveLicense(UUID accountId, String product, String plan, String status, int majorVersion) {
        return ifExists(accountId, () -> accounts.saveLicense(accountId, product, plan, status, majorVersion));
    }

    private Uni<Boolean> ifExists(UUID accountId, Supplier<Uni<Void>> change) {
        return find(accountId)
                .chain(account -> account == null
                        ? Uni.createFrom().item(false)
                        : change.get().replaceWith(true));
    }
}
