package dev.pressroom.auth.store;

/**
 * The Lua scripts that make single use, rotation and revocation atomic on the Redis server. Each declares every
 * key it touches, and all of a script's keys carry one account's hash tag ({@link RedisKeys}), so each runs on
 * Redis Cluster and under an ACL that lists key patterns. Expiry times are epoch seconds of the service's clock,
 * passed in; a key's TTL is its expiry minus that "now".
 */
final class LuaScripts {

    /** Raises a key's TTL to at least {@code ttl} seconds (TTL answers -1 for none, -2 for a missing key). */
    private static final String EXTEND = """
            local function extend(key, ttl)
              if redis.call('TTL', key) < ttl then redis.call('EXPIRE', key, ttl) end
            end
            """;

    /**
     * Checks a code's binding and consumes it in one step: a code presented with another client, redirect_uri or
     * verifier answers which of them differs and stays as it was, so the rightful client can still exchange it.
     * KEYS: code, used-marker. ARGV: how long to remember a used code, client id, redirect_uri, S256 of the verifier.
     * Answers {ok|used, data}, {client|redirect|verifier}, or nil for an unknown code.
     */
    static final String CONSUME_CODE = """
            local d = redis.call('GET', KEYS[1])
            if not d then return nil end
            local code = cjson.decode(d)
            if code.clientId ~= ARGV[2] then return {'client'} end
            if code.redirectUri ~= ARGV[3] then return {'redirect'} end
            if code.codeChallenge ~= ARGV[4] then return {'verifier'} end
            if type(code.dpopJkt) == 'string' and code.dpopJkt ~= ARGV[5] then return {'dpop'} end
            if redis.call('SET', KEYS[2], '1', 'NX', 'EX', ARGV[1]) then
              redis.call('EXPIRE', KEYS[1], ARGV[1])
              return {'ok', d}
            end
            return {'used', d}
            """;

    /**
     * KEYS: code, app index. ARGV: code data, now, code expiry, grant id. Records the code and its grant in the
     * app's index, so removing the app reaches the grant even before the code is exchanged.
     */
    static final String SAVE_CODE = EXTEND + """
            local now = tonumber(ARGV[2])
            local expiry = tonumber(ARGV[3])
            redis.call('SET', KEYS[1], ARGV[1], 'EX', expiry - now)
            redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
            redis.call('ZADD', KEYS[2], 'GT', expiry, ARGV[4])
            extend(KEYS[2], expiry - now)
            return 1
            """;

    /**
     * Records the tokens of one code exchange or refresh, and for a refresh retires the presented token in the same
     * step, so a failure before this point leaves it current and the client's retry is not taken for reuse. A retired
     * token records when it was retired and what replaced it (t, n, a), so a retry whose reply was lost can be told
     * from reuse: presented again within the grace while its successor is still current, the successor is retired and
     * its access token deleted in its stead (TokenStore.Retiring).
     * KEYS: grant set, revoked marker, app index, access token, then the new refresh token when ARGV[8] is 1, then
     * the retiring refresh token when ARGV[9] is 1, then its successor's refresh and access token when ARGV[10] is 1.
     * ARGV: 1 now, 2 the most live tokens a grant holds, 3 grant id, 4 access data, 5 access expiry, 6 refresh data,
     * 7 refresh expiry, 8 to 10 as above, 11 the grace in seconds.
     * Answers minted; unknown or reused (the retiring token); revoked (the grant); full (the grant holds its most).
     */
    static final String MINT = EXTEND + """
            local now = tonumber(ARGV[1])
            local i = 5
            local refresh, retiring, successor, successorAccess
            if ARGV[8] == '1' then refresh = KEYS[i]; i = i + 1 end
            if ARGV[9] == '1' then retiring = KEYS[i]; i = i + 1 end
            if ARGV[10] == '1' then successor = KEYS[i]; successorAccess = KEYS[i + 1] end
            if retiring then
              local state = redis.call('HGET', retiring, 's')
              if not state then return 'unknown' end
              if state == 'r' then
                if not successor then return 'reused' end
                local was = redis.call('HMGET', retiring, 't', 'n', 'a')
                if not was[1] or now - tonumber(was[1]) > tonumber(ARGV[11]) or was[2] ~= successor
                    or was[3] ~= successorAccess or redis.call('HGET', successor, 's') ~= 'c' then
                  return 'reused'
                end
              end
            end
            if redis.call('EXISTS', KEYS[2]) == 1 then return 'revoked' end
            redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
            if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 'full' end
            if successor then
              redis.call('HSET', successor, 's', 'r')
              redis.call('ZREM', KEYS[1], successor, successorAccess)
              redis.call('DEL', successorAccess)
            elseif retiring then
              redis.call('HSET', retiring, 's', 'r', 't', now)
              redis.call('ZREM', KEYS[1], retiring)
            end
            if retiring then redis.call('HSET', retiring, 'n', refresh or '', 'a', KEYS[4]) end
            local last = tonumber(ARGV[5])
            redis.call('SET', KEYS[4], ARGV[4], 'EX', last - now)
            redis.call('ZADD', KEYS[1], last, KEYS[4])
            if refresh then
              local expiry = tonumber(ARGV[7])
              redis.call('HSET', refresh, 'd', ARGV[6], 's', 'c')
              redis.call('EXPIRE', refresh, expiry - now)
              redis.call('ZADD', KEYS[1], expiry, refresh)
              if expiry > last then last = expiry end
            end
            extend(KEYS[1], last - now)
            redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
            redis.call('ZADD', KEYS[3], 'GT', last, ARGV[3])
            extend(KEYS[3], last - now)
            return 'minted'
            """;

    /**
     * Revokes a grant, one bounded batch of its tokens per call. KEYS: grant set, revoked marker, then the tokens to
     * delete (members of the set). ARGV: the marker's least TTL. The marker outlives every token the grant could
     * still mint from, so a mint racing the revocation fails. Answers how many tokens the set still holds.
     */
    static final String REVOKE_BATCH = EXTEND + """
            local ttl = math.max(tonumber(ARGV[1]), redis.call('TTL', KEYS[1]))
            redis.call('SET', KEYS[2], '1', 'NX', 'EX', ttl)
            extend(KEYS[2], ttl)
            for i = 3, #KEYS do
              if redis.call('ZREM', KEYS[1], KEYS[i]) == 1 then redis.call('DEL', KEYS[i]) end
            end
            return redis.call('ZCARD', KEYS[1])
            """;

    /**
     * Replaces a consent's copy (ConsentMirror) only with a later state: KEYS: the copy. ARGV: the new state's version,
     * the new value (which starts with that version), how long to keep it. Version 0 (a read that found no consent)
     * only fills an empty key. Answers 1 when written, 0 when the copy already reflects this change or a later one.
     */
    static final String MIRROR_CONSENT = """
            local current = redis.call('GET', KEYS[1])
            if current and tonumber(string.match(current, '^%d+')) >= tonumber(ARGV[1]) then return 0 end
            redis.call('SET', KEYS[1], ARGV[2], 'EX', ARGV[3])
            return 1
            """;

    private LuaScripts() {}

    /**
     * Adds a session to an index of sessions (its account's, or the passkey's it signed in with), dropping those
     * already expired, so the index holds at most the sessions alive at once. KEYS: the index. ARGV: the session's key,
     * now, its expiry, its lifetime.
     */
    static final String INDEX_SESSION = """
            redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[2])
            redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
            redis.call('EXPIRE', KEYS[1], ARGV[4])
            return 0
            """;

    /**
     * Records a DPoP proof's jti (RFC 9449 §11.1) in its key's set, dropping those expired first. KEYS: the key's set.
     * ARGV: now, the proof's expiry, the most live proofs per key, the jti's hash, the set's TTL. Answers first,
     * replayed or full.
     */
    static final String USE_DPOP_PROOF = """
            redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
            if redis.call('ZSCORE', KEYS[1], ARGV[4]) then return 'replayed' end
            if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 'full' end
            redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
            if redis.call('TTL', KEYS[1]) < tonumber(ARGV[5]) then redis.call('EXPIRE', KEYS[1], ARGV[5]) end
            return 'first'
            """;
}
