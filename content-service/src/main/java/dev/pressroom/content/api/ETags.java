package dev.pressroom.content.api;

import dev.pressroom.content.crypto.HmacSha256;

/**
 * Entity tags derived from what an answer depends on (blog, content version, canonical request, representation
 * revision) rather than from its bytes: every replica computes the same tag, and a 304 needs no body at all.
 * Keyed with the service secret, so nobody can forge a tag for an answer that does not exist.
 */
public final class ETags {

    /** Bump when the JSON shape of answers changes, so clients do not keep old shapes as fresh. */
    // 2: settings.rss_url/atom_url point at this service's feeds.
    static final String REVISION = "2";

    private final HmacSha256 hmac;

    public ETags(String secret) {
        this.hmac = new HmacSha256("etag:" + secret);
    }

    public String of(String blogId, long version, String variant) {
        return "\""
                + hmac.of(REVISION + "\n" + blogId + "\n" + version + "\n" + variant)
                        .substring(0, 27) + "\"";
    }

    /**
     * If-None-Match (RFC 9110 §13.1.2): a list of entity tags compared with the weak comparison (§8.8.3.2),
     * so W/"x" matches "x". {@code *} is handled by the caller, as it needs to know the answer exists.
     */
    public static boolean matches(String ifNoneMatch, String etag) {
        if (ifNoneMatch == null) {
            return false;
        }
        String opaque = etag.startsWith("W/") ? etag.substring(2) : etag;
        int i = 0;
        int n = ifNoneMatch.length();
        while (i < n) {
            char c = ifNoneMatch.charAt(i);
            if (c == ' ' || c == '\t' || c == ',') {
                i++;
                continue;
            }
            if (ifNoneMatch.startsWith("W/", i)) {
                i += 2;
            }
            if (i >= n || ifNoneMatch.charAt(i) != '"') {
                return false;
            }
            int end = ifNoneMatch.indexOf('"', i + 1);
            if (end < 0) {
                return false;
            }
            if (ifNoneMatch.regionMatches(i, opaque, 0, opaque.length()) && end + 1 - i == opaque.length()) {
                return true;
            }
            i = end + 1;
        }
        return false;
    }

    public static boolean isWildcard(String ifNoneMatch) {
        return ifNoneMatch != null && ifNoneMatch.strip().equals("*");
    }
}
