package dev.pressroom.auth.store;

/** The Lua scripts that make single use, rotation and revocation atomic on the Redis server. */
final class LuaScripts {

    /** KEYS: code, used-marker. ARGV: how long to remember a used code. Answers {ok|used, data} or nil. */
    static final String CONSUME_CODE = """
            local d = redis.call('GET', KEYS[1])
            if not d then return nil end
            if redis.call('SET', KEYS[2], '1', 'NX', 'EX', ARGV[1]) then
              redis.call('EXPIRE', KEYS[1], ARGV[1])
              return {'ok', d}
            end
            return {'used', d}
            """;

    /**
     * KEYS: grant set, grant revoked marker, access token[, refresh token].
     * ARGV: access data, access ttl, grant ttl[, refresh data, refresh ttl]. Answers 1, or 0 if revoked.
     */
    static final String MINT = """
            if redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
            redis.call('SET', KEYS[3], ARGV[1], 'EX', ARGV[2])
            redis.call('SADD', KEYS[1], KEYS[3])
            if KEYS[4] then
              redis.call('HSET', KEYS[4], 'd', ARGV[4], 's', 'c')
              redis.call('EXPIRE', KEYS[4], ARGV[5])
              redis.call('SADD', KEYS[1], KEYS[4])
            end
            redis.call('EXPIRE', KEYS[1], ARGV[3])
            return 1
            """;

    /** KEYS: refresh token. Retires a current token: {ok, data}; a retired one: {used, data}; unknown: nil. */
    static final String ROTATE = """
            local v = redis.call('HMGET', KEYS[1], 's', 'd')
            if not v[1] then return nil end
            if v[1] == 'r' then return {'used', v[2]} end
            redis.call('HSET', KEYS[1], 's', 'r')
            return {'ok', v[2]}
            """;

    /** KEYS: grant set, revoked marker. ARGV: marker ttl. Deletes every token of the grant. */
    static final String REVOKE_GRANT = """
            redis.call('SET', KEYS[2], '1', 'EX', ARGV[1])
            local members = redis.call('SMEMBERS', KEYS[1])
            for _, k in ipairs(members) do redis.call('DEL', k) end
            redis.call('DEL', KEYS[1])
            return #members
            """;

    /** KEYS: code, app index. ARGV: code data, code ttl, grant id, index ttl. */
    static final String SAVE_CODE = """
            redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
            redis.call('SADD', KEYS[2], ARGV[3])
            redis.call('EXPIRE', KEYS[2], ARGV[4])
            return 1
            """;

    /**
     * KEYS: app index (grant ids of one account and client). ARGV: key prefix, marker ttl.
     * Revokes every grant of the app at once, including codes not yet exchanged.
     */
    static final String REVOKE_APP = """
            local grants = redis.call('SMEMBERS', KEYS[1])
            for _, g in ipairs(grants) do
              local set = ARGV[1] .. 'grant:{' .. g .. '}'
              redis.call('SET', set .. ':revoked', '1', 'EX', ARGV[2])
              for _, k in ipairs(redis.call('SMEMBERS', set)) do redis.call('DEL', k) end
              redis.call('DEL', set)
            end
            redis.call('DEL', KEYS[1])
            return #grants
            """;

    private LuaScripts() {
    }
}
