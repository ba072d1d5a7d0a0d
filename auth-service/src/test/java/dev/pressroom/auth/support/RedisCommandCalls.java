package dev.pressroom.auth.support;

import io.quarkus.redis.datasource.RedisDataSource;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** How often the Redis server has run a command since it started ({@code INFO commandstats}). */
public final class RedisCommandCalls {

    private RedisCommandCalls() {}

    public static long of(RedisDataSource redis, String command) {
        Matcher m = Pattern.compile("cmdstat_" + command.toLowerCase(Locale.ROOT) + ":calls=(\\d+)")
                .matcher(redis.execute("INFO", "commandstats").toString());
        return m.find() ? Long.parseLong(m.group(1)) : 0;
    }
}
