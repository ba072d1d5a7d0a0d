package dev.pressroom.auth.support.fakes;

import dev.pressroom.auth.account.ConsentStore;
import dev.pressroom.auth.store.ConsentMirror;
import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/** ConsentStore in a map per (account, client); apps are listed under their client id as name, unverified. */
public final class InMemoryConsentStore implements ConsentStore {

    private record Stored(UUID id, Set<String> scopes, Instant grantedAt, Instant lastUsedAt) {}

    private final Map<String, Stored> consents = new HashMap<>();

    @Override
    public synchronized Uni<Consent> find(UUID accountId, String clientId) {
        Stored s = consents.get(key(accountId, clientId));
        return Uni.createFrom().item(s == null ? null : new Consent(s.id(), new LinkedHashSet<>(s.scopes())));
    }

    /** The map is the record here: there is no copy to answer from. */
    @Override
    public Uni<Consent> find(UUID accountId, String clientId, ConsentMirror.Copy copy) {
        return find(accountId, clientId);
    }

    @Override
    public synchronized Uni<UUID> currentId(UUID accountId, String clientId) {
        Stored s = consents.get(key(accountId, clientId));
        return Uni.createFrom().item(s == null ? null : s.id());
    }

    @Override
    public synchronized Uni<UUID> grant(UUID accountId, String clientId, Set<String> scopes, Instant at) {
        Stored before = consents.get(key(accountId, clientId));
        Set<String> all = new LinkedHashSet<>(before == null ? Set.of() : before.scopes());
        all.addAll(scopes);
        Stored now = new Stored(before == null ? UUID.randomUUID() : before.id(), all, at, at);
        consents.put(key(accountId, clientId), now);
        return Uni.createFrom().item(now.id());
    }

    @Override
    public synchronized Uni<List<ConnectedApp>> connectedApps(UUID accountId) {
        List<ConnectedApp> apps = new ArrayList<>();
        consents.forEach((key, s) -> {
            if (key.startsWith(accountId + " ")) {
                String clientId = key.substring(key.indexOf(' ') + 1);
                apps.add(new ConnectedApp(
                        clientId, clientId, false, List.copyOf(s.scopes()), s.grantedAt(), s.lastUsedAt()));
            }
        });
        return Uni.createFrom().item(apps);
    }

    @Override
    public synchronized Uni<List<String>> remove(UUID accountId, String clientId) {
        Stored s = consents.remove(key(accountId, clientId));
        return Uni.createFrom().item(s == null ? null : List.copyOf(s.scopes()));
    }

    @Override
    public synchronized Uni<Void> removed(UUID accountId, String clientId) {
        consents.remove(key(accountId, clientId));
        return Uni.createFrom().voidItem();
    }

    @Override
    public synchronized Uni<Void> touch(UUID accountId, String clientId, Instant at) {
        consents.computeIfPresent(
                key(accountId, clientId), (k, s) -> new Stored(s.id(), s.scopes(), s.grantedAt(), at));
        return Uni.createFrom().voidItem();
    }

    /** When the app was last used, or null. */
    public synchronized Instant lastUsed(UUID accountId, String clientId) {
        Stored s = consents.get(key(accountId, clientId));
        return s == null ? null : s.lastUsedAt();
    }

    private static String key(UUID accountId, String clientId) {
        return accountId + " " + clientId;
    }
}
