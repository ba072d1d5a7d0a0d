package dev.pressroom.auth.support.fakes;

import dev.pressroom.auth.account.Account;
import dev.pressroom.auth.account.AccountStore;
import io.smallrye.mutiny.Uni;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;

/** AccountStore in maps: accounts by id, roles per (account, client), licenses per account. */
public final class InMemoryAccountStore implements AccountStore {

    private final Map<UUID, Account> accounts = new HashMap<>();
    private final Map<String, TreeSet<String>> roles = new HashMap<>();
    private final Map<UUID, Map<String, Map<String, Object>>> licenses = new HashMap<>();

    @Override
    public synchronized Uni<Account> findByEmail(String email) {
        return Uni.createFrom()
                .item(accounts.values().stream()
                        .filter(a -> a.email().equals(email))
                        .findFirst()
                        .orElse(null));
    }

    @Override
    public synchronized Uni<Account> findById(UUID id) {
        return Uni.createFrom().item(accounts.get(id));
    }

    @Override
    public synchronized Uni<Boolean> insert(Account account) {
        boolean taken = accounts.values().stream().anyMatch(a -> a.email().equals(account.email()));
        if (!taken) {
            accounts.put(account.id(), account);
        }
        return Uni.createFrom().item(!taken);
    }

    @Override
    public synchronized Uni<Void> updatePasswordHash(UUID id, String previous, String hash) {
        Account a = accounts.get(id);
        if (a != null && a.passwordHash().equals(previous)) {
            accounts.put(
                    id, new Account(a.id(), a.email(), a.emailVerified(), a.name(), a.picture(), hash, a.updatedAt()));
        }
        return Uni.createFrom().voidItem();
    }

    @Override
    public synchronized Uni<List<String>> roles(UUID accountId, String clientId) {
        return Uni.createFrom().item(new ArrayList<>(roles.getOrDefault(accountId + " " + clientId, new TreeSet<>())));
    }

    @Override
    public synchronized Uni<Void> grantRole(UUID accountId, String clientId, String role) {
        roles.computeIfAbsent(accountId + " " + clientId, k -> new TreeSet<>()).add(role);
        return Uni.createFrom().voidItem();
    }

    @Override
    public synchronized Uni<List<Map<String, Object>>> licenses(UUID accountId) {
        return Uni.createFrom()
                .item(new ArrayList<>(licenses.getOrDefault(accountId, Map.of()).values()));
    }

    @Override
    public synchronized Uni<Void> saveLicense(
            UUID accountId, String product, String plan, String status, int majorVersion) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("product", product);
        entry.put("plan", plan);
        entry.put("status", status);
        entry.put("major_version", majorVersion);
        licenses.computeIfAbsent(accountId, k -> new java.util.TreeMap<>()).put(product + " " + majorVersion, entry);
        return Uni.createFrom().voidItem();
    }
}
