package dev.pressroom.auth.account;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.Locale;
import java.util.UUID;

/** Sign-in checks and account creation. The password hash runs on a worker thread, never the event loop. */
@ApplicationScoped
public class AccountService {

    private final AccountRepository accounts;
    private final PasswordHasher hasher = new PasswordHasher();
    private final Clock clock;

    public AccountService(AccountRepository accounts, Clock clock) {
        this.accounts = accounts;
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
        return accounts.findByEmail(normalizeEmail(email)).chain(account -> Uni.createFrom()
                .item(() -> hasher.verify(password, account == null ? null : account.passwordHash()) ? account : null)
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool()));
    }

    public Uni<Account> findByEmail(String email) {
        return accounts.findByEmail(normalizeEmail(email));
    }

    public Uni<Account> find(UUID id) {
        return accounts.findById(id);
    }

    /** Creates the account; answers null when the email is taken. */
    public Uni<Account> create(String email, String password, String name, String picture, boolean emailVerified) {
        return Uni.createFrom().item(() -> hasher.hash(password))
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .map(hash -> new Account(UUID.randomUUID(), normalizeEmail(email), emailVerified, name, picture, hash,
                        clock.instant()))
                .chain(account -> accounts.insert(account).map(inserted -> inserted ? account : null));
    }
}
