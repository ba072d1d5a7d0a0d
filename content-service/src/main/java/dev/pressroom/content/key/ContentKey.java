package dev.pressroom.content.key;

import java.util.Set;

/** A stored key: the blog it belongs to, the sites it allows (empty: any), and whether it was revoked. */
public record ContentKey(String blogId, Set<String> allowedOrigins, boolean revoked) {

    public ContentKey {
        allowedOrigins = Set.copyOf(allowedOrigins);
    }

    public boolean validFor(String blog) {
        return !revoked && blogId.equals(blog);
    }

    public boolean allowsAnySite() {
        return allowedOrigins.isEmpty();
    }
}
