package dev.pressroom.auth.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.auth.error.OAuthException;
import dev.pressroom.kernel.id.Tokens;
import io.quarkus.redis.datasource.ReactiveRedisDataSource;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.redis.client.Response;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;

/**
 * The Redis-backed stores. Every token is stored under the SHA-256 of its value, so a copy of Redis
 * holds no usable token. Single use and rotation are Lua scripts, atomic on the Redis server.
 * Any Redis failure becomes 503 temporarily_unavailable: nothing is minted that cannot be recorded.
 */
@ApplicationScoped
public class RedisStores implements CodeStore, TokenStore, SessionStore, PendingRequestStore {

    private static final String PREFIX = "auth:";

    private final ReactiveRedisDataSource redis;
    private final ObjectMapper json;
    private final AuthConfig config;

    public RedisStores(ReactiveRedisDataSource redis, ObjectMapper json, AuthConfig config) {
        this.redis = redis;
        this.json = json;
        this.config = config;
    }

    // --- authorization codes -------------------------------------------------------------------------

    @Override
    public Uni<Void> save(String code, AuthorizationCode data) {
        return eval(LuaScripts.SAVE_CODE, List.of(codeKey(code), appKey(data.accountId(), data.clientId())),
                List.of(write(data), seconds(config.codeTtl().getSeconds()), data.grantId(),
                        seconds(config.refreshTokenTtl().getSeconds() + 3600))).replaceWithVoid();
    }

    @Override
    public Uni<Outcome<AuthorizationCode>> consume(String code) {
        // A used code is kept for an access token's lifetime, so a replay can still revoke what it minted.
        return eval(LuaScripts.CONSUME_CODE, List.of(codeKey(code), codeKey(code) + ":used"),
                List.of(seconds(config.accessTokenTtl().getSeconds())))
                .map(r -> outcome(r, AuthorizationCode.class));
    }

    // --- access and refresh tokens -------------------------------------------------------------------

    @Override
    public Uni<Boolean> mint(Grant accessGrant, String accessToken, Grant refreshGrant, String refreshToken) {
        String grantId = accessGrant.grantId();
        List<String> keys = new ArrayList<>(List.of(grantKey(grantId), revokedKey(grantId), accessKey(accessToken)));
        List<String> args = new ArrayList<>(List.of(write(accessGrant), seconds(config.accessTokenTtl().getSeconds()),
                seconds(config.refreshTokenTtl().getSeconds() + 3600)));
        if (refreshToken != null) {
            keys.add(refreshKey(refreshToken));
            args.add(write(refreshGrant));
            args.add(seconds(config.refreshTokenTtl().getSeconds()));
        }
        return eval(LuaScripts.MINT, keys, args).map(r -> r != null && r.toInteger() == 1);
    }

    @Override
    public Uni<Outcome<Grant>> rotate(String refreshToken) {
        return eval(LuaScripts.ROTATE, List.of(refreshKey(refreshToken)), List.of()).map(r -> outcome(r, Grant.class));
    }

    @Override
    public Uni<Grant> findAccessToken(String accessToken) {
        return command("GET", accessKey(accessToken)).map(r -> r == null ? null : read(r.toString(), Grant.class));
    }

    @Override
    public Uni<Grant> findCurrentRefreshToken(String refreshToken) {
        return command("HMGET", refreshKey(refreshToken), "s", "d").map(r ->
                r == null || r.get(0) == null || !"c".equals(r.get(0).toString()) ? null
                        : read(r.get(1).toString(), Grant.class));
    }

    @Override
    public Uni<Outcome<Grant>> findRefreshToken(String refreshToken) {
        return command("HMGET", refreshKey(refreshToken), "s", "d").map(r -> r == null || r.get(0) == null
                ? Outcome.<Grant>unknown()
                : new Outcome<>("c".equals(r.get(0).toString()) ? Outcome.Status.FIRST_USE : Outcome.Status.REUSED,
                        read(r.get(1).toString(), Grant.class)));
    }

    @Override
    public Uni<Void> revokeGrant(String grantId) {
        return eval(LuaScripts.REVOKE_GRANT, List.of(grantKey(grantId), revokedKey(grantId)),
                List.of(seconds(config.refreshTokenTtl().getSeconds() + 3600))).replaceWithVoid();
    }

    @Override
    public Uni<Void> revokeApp(String accountId, String clientId) {
        return eval(LuaScripts.REVOKE_APP, List.of(appKey(accountId, clientId)),
                List.of(PREFIX, seconds(config.refreshTokenTtl().getSeconds() + 3600))).replaceWithVoid();
    }

    @Override
    public Uni<Void> revokeAccessToken(String accessToken) {
        return command("DEL", accessKey(accessToken)).replaceWithVoid();
    }

    // --- sessions ------------------------------------------------------------------------------------

    @Override
    public Uni<Void> save(String cookieValue, Session session) {
        return command("SET", sessionKey(cookieValue), write(session), "EX", seconds(config.sessionTtl().getSeconds()))
                .replaceWithVoid();
    }

    @Override
    public Uni<Session> find(String cookieValue) {
        return command("GET", sessionKey(cookieValue)).map(r -> r == null ? null : read(r.toString(), Session.class));
    }

    @Override
    public Uni<Void> delete(String cookieValue) {
        return command("DEL", sessionKey(cookieValue)).replaceWithVoid();
    }

    // --- pending authorization requests --------------------------------------------------------------

    @Override
    public Uni<Void> save(PendingRequest request) {
        return command("SET", PREFIX + "areq:" + Tokens.sha256(request.id()), write(request),
                "EX", seconds(config.pendingRequestTtl().getSeconds())).replaceWithVoid();
    }

    @Override
    public Uni<PendingRequest> findPending(String id) {
        return command("GET", PREFIX + "areq:" + Tokens.sha256(id))
                .map(r -> r == null ? null : read(r.toString(), PendingRequest.class));
    }

    @Override
    public Uni<PendingRequest> take(String id) {
        return command("GETDEL", PREFIX + "areq:" + Tokens.sha256(id))
                .map(r -> r == null ? null : read(r.toString(), PendingRequest.class));
    }

    // --- plumbing ------------------------------------------------------------------------------------

    private static String codeKey(String code) {
        return PREFIX + "code:{" + Tokens.sha256(code) + "}";
    }

    private static String appKey(String accountId, String clientId) {
        return PREFIX + "apps:" + accountId + ":" + Tokens.sha256(clientId);
    }

    private static String accessKey(String token) {
        return PREFIX + "at:" + Tokens.sha256(token);
    }

    private static String refreshKey(String token) {
        return PREFIX + "rt:" + Tokens.sha256(token);
    }

    private static String grantKey(String grantId) {
        return PREFIX + "grant:{" + grantId + "}";
    }

    private static String revokedKey(String grantId) {
        return PREFIX + "grant:{" + grantId + "}:revoked";
    }

    private static String sessionKey(String cookieValue) {
        return PREFIX + "sess:" + Tokens.sha256(cookieValue);
    }

    private static String seconds(long value) {
        return Long.toString(value);
    }

    private <T> Outcome<T> outcome(Response r, Class<T> type) {
        if (r == null || r.size() < 2) {
            return Outcome.unknown();
        }
        Outcome.Status status = "ok".equals(r.get(0).toString()) ? Outcome.Status.FIRST_USE : Outcome.Status.REUSED;
        return new Outcome<>(status, read(r.get(1).toString(), type));
    }

    private Uni<Response> eval(String script, List<String> keys, List<String> args) {
        List<String> all = new ArrayList<>();
        all.add(script);
        all.add(Integer.toString(keys.size()));
        all.addAll(keys);
        all.addAll(args);
        return command("EVAL", all.toArray(String[]::new));
    }

    private Uni<Response> command(String name, String... args) {
        return redis.execute(name, args).onFailure().transform(RedisStores::unavailable);
    }

    private static Throwable unavailable(Throwable cause) {
        return cause instanceof OAuthException ? cause : OAuthException.unavailable();
    }

    private String write(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Cannot serialise " + value.getClass().getSimpleName(), e);
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
