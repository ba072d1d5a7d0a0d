package dev.pressroom.kernel.redis;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * Redis connection strings signed in as an ACL user. The Vert.x client takes the user only from the connection
 * string, and from there the password too (a user without one would send an empty password), so both go in,
 * encoded the way the client decodes them: any password works, whatever its characters.
 */
public final class RedisEndpoints {

    private RedisEndpoints() {}

    /** {@code redis://host:port/db} as {@code redis://user:password@host:port/db}. */
    public static String withUser(String endpoint, String user, String password) {
        int authority = endpoint.indexOf("://");
        if (authority < 0 || endpoint.indexOf('@', authority) >= 0) {
            throw new IllegalArgumentException(
                    "Expected a Redis connection string without credentials: " + scheme(endpoint));
        }
        authority += 3;
        return endpoint.substring(0, authority) + encode(user) + ":" + encode(password) + "@"
                + endpoint.substring(authority);
    }

    /** Percent-encoding throughout (a space too, as %20), so no character is read as anything but itself. */
    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** Only the scheme, in errors: the rest may hold a password. */
    private static String scheme(String endpoint) {
        int colon = endpoint.indexOf(':');
        return colon < 0 ? "(no scheme)" : endpoint.substring(0, colon) + "://...";
    }
}
