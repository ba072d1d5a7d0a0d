package dev.pressroom.auth.store;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.redis.client.Response;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * The authorization's copy of each consent, in Redis beside the account's grants, so an authorization with a session
 * needs no PostgreSQL round trip and every replica sees a removal at once. PostgreSQL stays the record: every change
 * of a consent writes its new state here with the change's version (V13's sequence), a copy is only replaced by a
 * higher version, and a removal leaves a marker rather than nothing, so a copy read from PostgreSQL before a removal
 * and written back after it is refused. A missing copy (expired, or never written) is read from PostgreSQL again.
 */
@ApplicationScoped
public class ConsentMirror {

    /** How long a copy is kept after its last write; a removal's marker must outlive any copy read before it. */
    static final Duration KEPT = Duration.ofDays(1);

    /** A consent as the copy holds it: the version it reflects, and the consent's id and scopes, or a null id once removed. */
    public record Copy(long version, UUID id, Set<String> scopes) {

        public static Copy removed(long version) {
            return new Copy(version, null, Set.of());
        }

        public boolean isRemoved() {
            return id == null;
        }
    }

    private final RedisCalls redis;

    public ConsentMirror(RedisCalls redis) {
        this.redis = redis;
    }

    /** The copy of the account's consent to the client, or null when Redis holds none. */
    public Uni<Copy> find(String accountId, String clientId) {
        return redis.command("GET", RedisKeys.consent(accountId, clientId)).map(ConsentMirror::copyOf);
    }

    /** A copy as Redis answered it; null when it holds none. */
    static Copy copyOf(Response stored) {
        return stored == null ? null : parse(stored.toString());
    }

    /** Writes the consent's state as of {@code copy.version()}, unless the copy already reflects a later change. */
    public Uni<Void> write(String accountId, String clientId, Copy copy) {
        return redis.eval(
                        LuaScripts.MIRROR_CONSENT,
                        List.of(RedisKeys.consent(accountId, clientId)),
                        List.of(Long.toString(copy.version()), format(copy), Long.toString(KEPT.toSeconds())))
                .replaceWithVoid();
    }

    /** "version id scope scope ...", or "version" once removed (a scope never holds a space, RFC 6749 §3.3). */
    static String format(Copy copy) {
        StringBuilder s = new StringBuilder().append(copy.version());
        if (!copy.isRemoved()) {
            s.append(' ').append(copy.id());
            copy.scopes().forEach(scope -> s.append(' ').append(scope));
        }
        return s.toString();
    }

    static Copy parse(String value) {
        String[] parts = value.split(" ");
        long version = Long.parseLong(parts[0]);
        if (parts.length == 1) {
            return Copy.removed(version);
        }
        Set<String> scopes = new LinkedHashSet<>(List.of(parts).subList(2, parts.length));
        return new Copy(version, UUID.fromString(parts[1]), scopes);
    }
}
