package dev.pressroom.auth.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.auth.config.AuthConfig;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.redis.client.Response;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The Redis-backed stores. Every token is stored under the SHA-256 of its value, so a copy of Redis
 * holds no usable token. Single use and rotation are Lua scripts, atomic on the Redis server.
 * Any Redis failure, or no answer within the deadline, becomes 503 temporarily_unavailable ({@link RedisCalls}):
 * nothing is minted that cannot be recorded.
 */
@ApplicationScoped
public class RedisStores implements CodeStore, TokenStore, SessionStore, PendingRequestStore, PushedRequestStore {

    /** Grants of one app revoked at once when the app is removed: each is one script, so Redis is not flooded. */
    private static final int CONCURRENT_GRANT_REVOCATIONS = 8;

    /** The most tokens one revocation script deletes. */
    static final int REVOKE_BATCH = 64;

    private final RedisCalls redis;
    private final ConsentMirror mirror;
    private final ObjectMapper json;
    private final AuthConfig config;
    private final Clock clock;

    public RedisStores(RedisCalls redis, ConsentMirror mirror, ObjectMapper json, AuthConfig config, Clock clock) {
        this.redis = redis;
        this.mirror = mirror;
        this.json = json;
        this.config = config;
        this.clock = clock;
    }

    // --- authorization codes -------------------------------------------------------------------------

    @Override
    public Uni<Void> save(String code, AuthorizationCode data) {
        long now = clock.instant().getEpochSecond();
        return eval(
                        LuaScripts.SAVE_CODE,
                        List.of(RedisKeys.code(code), RedisKeys.app(data.accountId(), data.clientId())),
                        List.of(
                                write(data),
                                seconds(now),
                                seconds(now + config.codeTtl().toSeconds()),
                                data.grantId()))
                .replaceWithVoid();
    }

    @Override
    public Uni<Presented> consume(String code, String clientId, String redirectUri, String challenge, String dpopJkt) {
        String key = RedisKeys.code(code);
        if (key == null) {
            return Uni.createFrom().item(new Presented(Outcome.unknown(), null));
        }
        // A used code is kept for an access token's lifetime, so a replay can still revoke what it minted.
        return eval(
                        LuaScripts.CONSUME_CODE,
                        List.of(key, key + ":used"),
                        List.of(
                                seconds(config.accessTokenTtl().toSeconds()),
                                clientId,
                                redirectUri,
                                challenge,
                                dpopJkt == null ? "" : dpopJkt))
                .map(r -> r != null && r.size() == 1
                        ? new Presented(Outcome.unknown(), r.get(0).toString())
                        : new Presented(outcome(r, AuthorizationCode.class), null));
    }

    // --- access and refresh tokens -------------------------------------------------------------------

    @Override
    public Uni<Minted> mint(
            Retiring retiring, Grant accessGrant, String accessToken, Grant refreshGrant, String refreshToken) {
        if (retiring == null || !retiring.retried()) {
            return mint(retiring, null, accessGrant, accessToken, refreshGrant, refreshToken);
        }
        // The script may touch only the keys it is given: read which successor the retired token recorded first (it
        // checks that this is still so).
        return command("HMGET", RedisKeys.refresh(retiring.token()), "n", "a")
                .chain(successor -> successor == null || successor.get(0) == null || successor.get(1) == null
                        ? Uni.createFrom().item(Minted.REUSED)
                        : mint(
                                retiring,
                                List.of(
                                        successor.get(0).toString(),
                                        successor.get(1).toString()),
                                accessGrant,
                                accessToken,
                                refreshGrant,
                                refreshToken));
    }

    private Uni<Minted> mint(
            Retiring retiring,
            List<String> successorKeys,
            Grant accessGrant,
            String accessToken,
            Grant refreshGrant,
            String refreshToken) {
        String accountId = accessGrant.accountId();
        String grantId = accessGrant.grantId();
        List<String> keys = new ArrayList<>(List.of(
                RedisKeys.grant(accountId, grantId),
                RedisKeys.revoked(accountId, grantId),
                RedisKeys.app(accountId, accessGrant.clientId()),
                RedisKeys.access(accessToken)));
        if (refreshToken != null) {
            keys.add(RedisKeys.refresh(refreshToken));
        }
        if (retiring != null) {
            keys.add(RedisKeys.refresh(retiring.token()));
        }
        if (successorKeys != null) {
            keys.addAll(successorKeys);
        }
        List<String> args = List.of(
                seconds(clock.instant().getEpochSecond()),
                Integer.toString(config.limits().liveTokensPerGrant()),
                grantId,
                write(accessGrant),
                seconds(accessGrant.expiresAt()),
                refreshToken == null ? "" : write(refreshGrant),
                refreshToken == null ? "0" : seconds(refreshGrant.expiresAt()),
                refreshToken == null ? "0" : "1",
                retiring == null ? "0" : "1",
                successorKeys == null ? "0" : "1",
                seconds(config.refreshReuseGrace().toSeconds()));
        return eval(LuaScripts.MINT, keys, args)
                .map(r -> Minted.valueOf(r.toString().toUpperCase(Locale.ROOT)));
    }

    @Override
    public Uni<Grant> findAccessToken(String accessToken) {
        String key = RedisKeys.access(accessToken);
        return key == null
                ? Uni.createFrom().nullItem()
                : command("GET", key).map(r -> r == null ? null : read(r.toString(), Grant.class));
    }

    @Override
    public Uni<Outcome<Grant>> findRefreshToken(String refreshToken) {
        String key = RedisKeys.refresh(refreshToken);
        if (key == null) {
            return Uni.createFrom().item(Outcome.unknown());
        }
        return command("HMGET", key, "s", "d")
                .map(r -> r == null || r.get(0) == null
                        ? Outcome.<Grant>unknown()
                        : new Outcome<>(
                                "c".equals(r.get(0).toString()) ? Outcome.Status.FIRST_USE : Outcome.Status.REUSED,
                                read(r.get(1).toString(), Grant.class)));
    }

    /**
     * Marks the grant revoked and deletes its live tokens, at most {@link #REVOKE_BATCH} per script call so no call
     * holds Redis for long, until the set is empty.
     */
    @Override
    public Uni<Void> revokeGrant(String accountId, String grantId) {
        String set = RedisKeys.grant(accountId, grantId);
        return command("ZRANGE", set, "0", Integer.toString(REVOKE_BATCH - 1))
                .chain(members -> {
                    List<String> keys = new ArrayList<>(List.of(set, RedisKeys.revoked(accountId, grantId)));
                    members.forEach(m -> keys.add(m.toString()));
                    return eval(
                            LuaScripts.REVOKE_BATCH,
                            keys,
                            List.of(seconds(config.codeTtl().toSeconds())));
                })
                .chain(left -> left.toLong() > 0
                        ? revokeGrant(accountId, grantId)
                        : Uni.createFrom().voidItem());
    }

    /** Every grant in the app's index is revoked, then taken out of it; a grant added meanwhile stays listed. */
    @Override
    public Uni<Void> revokeApp(String accountId, String clientId) {
        String index = RedisKeys.app(accountId, clientId);
        return command("ZRANGE", index, "0", "-1").chain(grants -> {
            List<String> ids = new ArrayList<>();
            grants.forEach(g -> ids.add(g.toString()));
            if (ids.isEmpty()) {
                return Uni.createFrom().voidItem();
            }
            // A few grants at a time: a chain of one Uni per grant overflowed the stack at a few thousand grants.
            return Multi.createFrom()
                    .iterable(ids)
                    .onItem()
                    .transformToUni(id -> revokeGrant(accountId, id))
                    .merge(CONCURRENT_GRANT_REVOCATIONS)
                    .collect()
                    .last()
                    .chain(() -> command("ZREM", concat(index, ids)).replaceWithVoid());
        });
    }

    @Override
    public Uni<Void> revokeAccessToken(String accessToken) {
        String key = RedisKeys.access(accessToken);
        return key == null ? Uni.createFrom().voidItem() : command("DEL", key).replaceWithVoid();
    }

    // --- sessions ------------------------------------------------------------------------------------

    /**
     * A session is listed under its account, so that an admin can end them all, and, when it signed in with a passkey,
     * under that passkey, so that removing the passkey ends it.
     */
    @Override
    public Uni<Void> save(String cookieValue, Session session) {
        String key = RedisKeys.session(cookieValue);
        Uni<Void> saved = command(
                        "SET",
                        key,
                        write(session),
                        "EX",
                        seconds(config.sessionTtl().toSeconds()))
                .chain(() -> index(RedisKeys.accountSessions(session.accountId()), key));
        return session.passkeyId() == null
                ? saved
                : saved.chain(() -> index(RedisKeys.passkeySessions(session.passkeyId()), key));
    }

    private Uni<Void> index(String index, String sessionKey) {
        long now = clock.instant().getEpochSecond();
        long ttl = config.sessionTtl().toSeconds();
        return eval(
                        LuaScripts.INDEX_SESSION,
                        List.of(index),
                        List.of(sessionKey, seconds(now), seconds(now + ttl), seconds(ttl)))
                .replaceWithVoid();
    }

    @Override
    public Uni<List<Session>> endSignedInWith(String passkeyId) {
        return endIndexed(RedisKeys.passkeySessions(passkeyId));
    }

    @Override
    public Uni<List<Session>> endAllOf(String accountId) {
        return endIndexed(RedisKeys.accountSessions(accountId));
    }

    /**
     * One GETDEL per session: sessions of cookies of the earlier form lie outside the account's slot
     * ({@link RedisKeys#session}). A session already ended (signed out) is still listed until the index is pruned,
     * and is skipped. Only the sessions ended leave the index: one saved meanwhile stays listed.
     */
    private Uni<List<Session>> endIndexed(String index) {
        return command("ZRANGE", index, "0", "-1").chain(listed -> {
            List<String> keys = new ArrayList<>();
            listed.forEach(k -> keys.add(k.toString()));
            List<Session> ended = new ArrayList<>();
            Uni<Void> all = Uni.createFrom().voidItem();
            for (String key : keys) {
                all = all.chain(() -> command("GETDEL", key)
                        .invoke(r -> {
                            if (r != null) {
                                ended.add(read(r.toString(), Session.class));
                            }
                        })
                        .replaceWithVoid());
            }
            return keys.isEmpty()
                    ? Uni.createFrom().item(ended)
                    : all.chain(() -> command("ZREM", concat(index, keys))).replaceWith(ended);
        });
    }

    @Override
    public Uni<Session> find(String cookieValue) {
        return !SessionStore.wellFormed(cookieValue)
                ? Uni.createFrom().nullItem()
                : command("GET", RedisKeys.session(cookieValue)).map(this::session);
    }

    /**
     * One MGET: the cookie names its account's tag, so the session and the consent's copy share a slot. A copy is
     * only taken from beside a session of that account; otherwise it reads as absent, and PostgreSQL answers.
     */
    @Override
    public Uni<WithConsent> findWithConsent(String cookieValue, String clientId) {
        String tag = RedisKeys.tagOf(cookieValue);
        if (tag == null) {
            return find(cookieValue)
                    .chain(session -> session == null
                            ? Uni.createFrom().item(new WithConsent(null, null))
                            : mirror.find(session.accountId(), clientId).map(copy -> new WithConsent(session, copy)));
        }
        return command("MGET", RedisKeys.session(cookieValue), RedisKeys.consentUnder(tag, clientId))
                .map(r -> {
                    Session session = session(r.get(0));
                    boolean ofThisAccount = session != null && tag.equals(RedisKeys.tag(session.accountId()));
                    return new WithConsent(session, ofThisAccount ? ConsentMirror.copyOf(r.get(1)) : null);
                });
    }

    private Session session(Response stored) {
        return stored == null ? null : read(stored.toString(), Session.class);
    }

    @Override
    public Uni<Void> delete(String cookieValue) {
        return !SessionStore.wellFormed(cookieValue)
                ? Uni.createFrom().voidItem()
                : command("DEL", RedisKeys.session(cookieValue)).replaceWithVoid();
    }

    // --- pending authorization requests --------------------------------------------------------------

    @Override
    public Uni<Void> save(PendingRequest request) {
        return command(
                        "SET",
                        RedisKeys.pendingRequest(request.id()),
                        write(request),
                        "EX",
                        seconds(config.pendingRequestTtl().toSeconds()))
                .replaceWithVoid();
    }

    @Override
    public Uni<PendingRequest> findPending(String id) {
        return command("GET", RedisKeys.pendingRequest(id))
                .map(r -> r == null ? null : read(r.toString(), PendingRequest.class));
    }

    @Override
    public Uni<PendingRequest> take(String id) {
        return command("GETDEL", RedisKeys.pendingRequest(id))
                .map(r -> r == null ? null : read(r.toString(), PendingRequest.class));
    }

    // --- pushed authorization requests (RFC 9126) ------------------------------------------------------

    @Override
    public Uni<Void> save(String requestUri, PushedRequest request, long ttlSeconds) {
        return command("SET", RedisKeys.pushedRequest(requestUri), write(request), "EX", seconds(ttlSeconds))
                .replaceWithVoid();
    }

    /** GETDEL: of two uses of one request_uri, racing or not, only the first finds it. */
    @Override
    public Uni<PushedRequest> takePushed(String requestUri) {
        return command("GETDEL", RedisKeys.pushedRequest(requestUri))
                .map(r -> r == null ? null : read(r.toString(), PushedRequest.class));
    }

    // --- plumbing ------------------------------------------------------------------------------------

    private static String seconds(long value) {
        return Long.toString(value);
    }

    private static String[] concat(String first, List<String> rest) {
        List<String> all = new ArrayList<>(rest.size() + 1);
        all.add(first);
        all.addAll(rest);
        return all.toArray(String[]::new);
    }

    private <T> Outcome<T> outcome(Response r, Class<T> type) {
        if (r == null || r.size() < 2) {
            return Outcome.unknown();
        }
        Outcome.Status status = "ok".equals(r.get(0).toString()) ? Outcome.Status.FIRST_USE : Outcome.Status.REUSED;
        return new Outcome<>(status, read(r.get(1).toString(), type));
    }

    private Uni<Response> eval(String script, List<String> keys, List<String> args) {
        return redis.eval(script, keys, args);
    }

    private Uni<Response> command(String name, String... args) {
        return redis.command(name, args);
    }

    private String write(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(
                    "Cannot serialise " + value.getClass().getSimpleName(), e);
        }
    }

    private <T> T read(String value, Class<T> type) {
        try {
            return json.readValue(value, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Corrupt " + type.getSimpleName() + " record in Redis", e);
        }
    }
}
