package dev.pressroom.content.api;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Entity tags derived from what an answer depends on (blog, content version, canonical request, representation
 * revision) rather than from its bytes: every replica computes the same tag, and a 304 needs no body at all.
 * Keyed with the service secret, so nobody can forge a tag for an answer that does not exist.
 */
public final class ETags {

    /** Bump when the JSON shape of answers changes, so clients do not keep old shapes as fresh. */
    // 2: settings.rss_url/atom_url point at this service's feeds.
    static final String REVISION = "2";

    private final SecretKeySpec secret;

    public ETags(String secret) {
        this.secret = new SecretKeySpec(("etag:" + secret).getBytes(StandardCharsets.UTF_8), "HmacSHA256");
    }

    public String of(String blogId, long version, String variant) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(secret);
            byte[] digest = mac.doFinal(
                    (REVISION + "\n" + blogId + "\n" + version + "\n" + variant).getBytes(StandardCharsets.UTF_8));
            return "\""
                    + Base64.getUrlEncoder()
                            .withoutPadding()
                            .encodeToString(digest)
                            .substring(0, 27) + "\"";
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is required of every JVM", e);
        }
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
