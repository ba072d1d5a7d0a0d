package dev.pressroom.auth.store;

import dev.pressroom.auth.config.AuthConfig;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.redis.client.Response;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which clients each browser session has been given a code for, so that when a session ends every client with a
 * session at the provider hears of it (Back-Channel Logout §2.3). One sorted set per account
 * ({@link RedisKeys#sessionClients}) of {@code <sid> <client id>}, scored by the session's expiry: pruned of expired
 * sessions at every record and capped at {@link #MAX_ENTRIES}, so an account signing in without end cannot grow it.
 * A sid is base64url (Tokens.random), so the first space separates it from the client id.
 */
@ApplicationScoped
public class SessionClients {

    static final int MAX_ENTRIES = 500;

    /** KEYS: the set. ARGV: member, now, expiry, cap. */
    private static final String RECORD = """
            redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[2])
            redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
            redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -tonumber(ARGV[4]) - 1)
            redis.call('EXPIRE', KEYS[1], tonumber(ARGV[3]) - tonumber(ARGV[2]))
            return 1""";

    /**
     * KEYS: the set. ARGV: the sid to match (the prefix before the space) or the client id (after it), and which (or
     * {@code all}, matching every entry), now. Removes and answers the live entries that match: the other half of each,
     * or whole entries for {@code all}.
     */
    private static final String TAKE = """
            local found = {}
            for _, m in ipairs(redis.call('ZRANGE', KEYS[1], ARGV[3], '+inf', 'BYSCORE')) do
              local space = string.find(m, ' ', 1, true)
              local sid, client = string.sub(m, 1, space - 1), string.sub(m, space + 1)
              if ARGV[2] == 'all' then
                redis.call('ZREM', KEYS[1], m)
                table.insert(found, m)
              elseif (ARGV[2] == 'sid' and sid == ARGV[1]) or (ARGV[2] == 'client' and client == ARGV[1]) then
                redis.call('ZREM', KEYS[1], m)
                table.insert(found, ARGV[2] == 'sid' and client or sid)
              end
            end
            return found""";

    private final RedisCalls redis;
    private final AuthConfig config;
    private final Clock clock;

    public SessionClients(RedisCalls redis, AuthConfig config, Clock clock) {
        this.redis = redis;
        this.config = config;
        this.clock = clock;
    }

    /** The session {@code sid} of the account was given a code for the client. */
    public Uni<Void> record(String accountId, String sid, String clientId) {
        long now = clock.instant().getEpochSecond();
        return redis.eval(
                        RECORD,
                        List.of(RedisKeys.sessionClients(accountId)),
                        List.of(
                                sid + " " + clientId,
                                Long.toString(now),
                                Long.toString(now + config.sessionTtl().toSeconds()),
                                Integer.toString(MAX_ENTRIES)))
                .replaceWithVoid();
    }

    /** The clients the session was given codes for, forgotten now that it ended. */
    public Uni<List<String>> takeClientsOf(String accountId, String sid) {
        return take(accountId, sid, "sid");
    }

    /** The live sessions that were given codes for the client, forgotten now that the person removed it. */
    public Uni<List<String>> takeSessionsWith(String accountId, String clientId) {
        return take(accountId, clientId, "client");
    }

    /** Every live session's clients, by client id: each client's sids, forgotten now that all the sessions ended. */
    public Uni<Map<String, List<String>>> takeAll(String accountId) {
        return take(accountId, "", "all").map(entries -> {
            Map<String, List<String>> sidsByClient = new LinkedHashMap<>();
            for (String entry : entries) {
                int space = entry.indexOf(' ');
                sidsByClient
                        .computeIfAbsent(entry.substring(space + 1), c -> new ArrayList<>())
                        .add(entry.substring(0, space));
            }
            return sidsByClient;
        });
    }

    private Uni<List<String>> take(String accountId, String value, String which) {
        return redis.eval(
                        TAKE,
                        List.of(RedisKeys.sessionClients(accountId)),
                        List.of(value, which, Long.toString(clock.instant().getEpochSecond())))
                .map(SessionClients::strings);
    }

    private static List<String> strings(Response reply) {
        List<String> values = new ArrayList<>();
        if (reply != null) {
            reply.forEach(r -> values.add(r.toString()));
        }
        return values;
    }
}
