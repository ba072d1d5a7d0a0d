package dev.pressroom.auth.support.fakes;

import dev.pressroom.auth.passkey.Passkey;
import dev.pressroom.auth.passkey.PasskeyStore;
import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * PasskeyStore in a map, for the token grants' tests: they need only which passkeys exist. The ceremonies are tested
 * against PostgreSQL, so their lookups are not faked here.
 */
public final class InMemoryPasskeyStore implements PasskeyStore {

    private final Map<UUID, Passkey> passkeys = new HashMap<>();

    @Override
    public synchronized Uni<Boolean> insert(Passkey passkey) {
        return Uni.createFrom().item(passkeys.putIfAbsent(passkey.id(), passkey) == null);
    }

    @Override
    public synchronized Uni<Boolean> exists(UUID id) {
        return Uni.createFrom().item(passkeys.containsKey(id));
    }

    @Override
    public synchronized Uni<String> remove(UUID accountId, UUID id) {
        Passkey p = passkeys.get(id);
        if (p == null || !p.accountId().equals(accountId)) {
            return Uni.createFrom().nullItem();
        }
        passkeys.remove(id);
        return Uni.createFrom().item(p.name());
    }

    @Override
    public Uni<List<Passkey>> list(UUID accountId) {
        throw new UnsupportedOperationException("the grant tests list no passkeys");
    }

    @Override
    public Uni<Passkey> findByCredentialId(byte[] credentialId) {
        throw new UnsupportedOperationException("the grant tests verify no assertions");
    }

    @Override
    public Uni<Boolean> recordUse(UUID id, long seen, long next, Instant at) {
        throw new UnsupportedOperationException("the grant tests verify no assertions");
    }
}
