package dev.pressroom.auth.audit;

/**
 * Where a request came from, as an audit event records it: the client address (trusted proxies applied, an IPv6
 * client by its /64, as the abuse limits count it) and the User-Agent, cut to {@link #USER_AGENT_MAX} characters
 * with control characters removed. The user agent is whatever the client sent: it is stored and shown as text only.
 */
public record Origin(String address, String userAgent) {

    public static final int USER_AGENT_MAX = 256;

    public Origin {
        userAgent = userAgent == null ? null : clean(userAgent);
    }

    private static String clean(String userAgent) {
        String printable = userAgent.replaceAll("\\p{Cntrl}", "");
        return printable.length() <= USER_AGENT_MAX ? printable : printable.substring(0, USER_AGENT_MAX);
    }
}
