package dev.pressroom.auth.account;

import io.smallrye.mutiny.Uni;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Accounts, their roles per client and their licenses ({@link AccountRepository}: PostgreSQL). */
public interface AccountStore {

    /** The account of a normalised email, or null. */
    Uni<Account> findByEmail(String email);

    /** The account, or null. */
    Uni<Account> findById(UUID id);

    /** Inserts the account; answers false when the email is taken. */
    Uni<Boolean> insert(Account account);

    /** Replaces the password hash, unless it changed meanwhile (the same sign-in on two replicas at once). */
    Uni<Void> updatePasswordHash(UUID id, String previous, String hash);

    /** Roles the account holds for this client (roles are granted per first-party client), in order. */
    Uni<List<String>> roles(UUID accountId, String clientId);

    Uni<Void> grantRole(UUID accountId, String clientId, String role);

    /** Licenses as claim entries: product, plan, status, major_version. */
    Uni<List<Map<String, Object>>> licenses(UUID accountId);

    /** Creates or updates the license of this product and major version. */
    Uni<Void> saveLicense(UUID accountId, String product, String plan, String status, int majorVersion);
}
