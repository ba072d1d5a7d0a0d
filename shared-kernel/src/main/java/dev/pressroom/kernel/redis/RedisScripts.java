package dev.pressroom.kernel.redis;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.redis.client.Response;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The one way the services run a Lua script: by its SHA1 digest (EVALSHA), so the script's text crosses the network
 * and is hashed by Redis only the first time a server meets it. A server that does not know it (its first call, a
 * restart, a failover to a replica) answers NOSCRIPT, and the call is sent once more as EVAL, which also loads it.
 */
public final class RedisScripts {

    /** Digests kept: every script is a constant of the code, so this only guards against one built per call. */
    private static final int MAX_DIGESTS = 256;

    private static final ConcurrentMap<String, String> DIGESTS = new ConcurrentHashMap<>();

    private RedisScripts() {}

    /** Runs the script with its keys declared, as Redis Cluster and key-pattern ACLs require, then its arguments. */
    public static Uni<Response> eval(EventLoopRedis redis, String script, List<String> keys, List<String> args) {
        String[] byDigest = new String[2 + keys.size() + args.size()];
        byDigest[0] = digest(script);
        byDigest[1] = Integer.toString(keys.size());
        int at = 2;
        for (String key : keys) {
            byDigest[at++] = key;
        }
        for (String arg : args) {
            byDigest[at++] = arg;
        }
        return redis.execute("EVALSHA", byDigest)
                .onFailure(RedisScripts::notLoaded)
                .recoverWithUni(() -> {
                    String[] whole = byDigest.clone();
                    whole[0] = script;
                    return redis.execute("EVAL", whole);
                });
    }

    /** The hex SHA1 of the script's UTF-8 bytes, as Redis names a script it holds. */
    static String digest(String script) {
        String known = DIGESTS.get(script);
        if (known != null) {
            return known;
        }
        String digest = sha1(script);
        if (DIGESTS.size() < MAX_DIGESTS) {
            DIGESTS.putIfAbsent(script, digest);
        }
        return digest;
    }

    /** Redis's error reply for an EVALSHA of a script it does not hold. */
    static boolean notLoaded(Throwable failure) {
        String message = failure.getMessage();
        return message != null && message.startsWith("NOSCRIPT");
    }

    private static String sha1(String script) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-1").digest(script.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-1", e);
        }
    }
}
