package dev.pressroom.auth.store;

import dev.pressroom.kernel.id.Tokens;
import java.util.HexFormat;

/**
 * The service's Redis keys, all under {@code auth:} (its ACL user's key pattern), each holding a hash of the secret
 * it is found by. An account's codes, tokens and grants carry the account's hash tag, so they share one Redis
 * Cluster slot and a script may touch them together; a token names its account's tag before a dot
 * ({@code <tag>.<256 random bits>}), so a lookup knows the key without another read. The tag is a hash of the
 * account id: tokens do not carry the id itself.
 */
public final class RedisKeys {

    private static final String PREFIX = "auth:";
    private static final int TAG_LENGTH = 16;

    private RedisKeys() {}

    /**
     * A new code, access or refresh token, or session cookie, of the account: its tag, a dot, 256 random bits in
     * base64url.
     */
    public static String newToken(String accountId) {
        return tag(accountId) + "." + Tokens.random(32);
    }

    /** The account's hash tag: the first 64 bits of the SHA-256 of its id, in hex. */
    static String tag(String accountId) {
        return HexFormat.of()
                .formatHex(Tokens.sha256Bytes(accountId.getBytes(java.nio.charset.StandardCharsets.UTF_8)))
                .substring(0, TAG_LENGTH);
    }

    /** The tag a token names, or null when the token is not of our form (it is then unknown, never looked up). */
    static String tagOf(String token) {
        if (token == null || token.length() != TAG_LENGTH + 1 + 43 || token.charAt(TAG_LENGTH) != '.') {
            return null;
        }
        for (int i = 0; i < TAG_LENGTH; i++) {
            char c = token.charAt(i);
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
                return null;
            }
        }
        return token.substring(0, TAG_LENGTH);
    }

    static String code(String code) {
        return tokenKey("code", code);
    }

    static String access(String token) {
        return tokenKey("at", token);
    }

    static String refresh(String token) {
        return tokenKey("rt", token);
    }

    /** The set of live tokens of one grant (a code exchange and every refresh after it), scored by expiry. */
    static String grant(String accountId, String grantId) {
        return slot(tag(accountId)) + "grant:" + grantId;
    }

    static String revoked(String accountId, String grantId) {
        return grant(accountId, grantId) + ":revoked";
    }

    /** The grants one account gave one client, scored by when their last token expires. */
    static String app(String accountId, String clientId) {
        return slot(tag(accountId)) + "app:" + Tokens.sha256(clientId);
    }

    /** The authorization's copy of the consent the account gave the client (ConsentMirror). */
    static String consent(String accountId, String clientId) {
        return consentUnder(tag(accountId), clientId);
    }

    /** {@link #consent} by the account's tag, as a session cookie names it. */
    static String consentUnder(String tag, String clientId) {
        return slot(tag) + "consent:" + Tokens.sha256(clientId);
    }

    /**
     * The clients each live session of the account was given a code for ({@code <sid> <client id>}), scored by when
     * the session expires: who is sent a logout token when a session ends (Back-Channel Logout §2.3).
     */
    static String sessionClients(String accountId) {
        return slot(tag(accountId)) + "rps";
    }

    /** The sessions of one account, scored by when they expire: what an admin's sign-out ends. */
    static String accountSessions(String accountId) {
        return slot(tag(accountId)) + "sessions";
    }

    /**
     * A session, by its cookie value: in its account's slot, as the cookie names the account's tag as a token does
     * ({@link #newToken}), so an authorization reads the session and the consent together. A cookie given before
     * cookies named the tag (it holds no dot) is found where it was saved, until its session expires.
     */
    static String session(String cookieValue) {
        String tag = tagOf(cookieValue);
        return (tag == null ? PREFIX : slot(tag)) + "sess:" + Tokens.sha256(cookieValue);
    }

    /** The sessions that signed in with one passkey (its id: not a secret), scored by when they expire. */
    static String passkeySessions(String passkeyId) {
        return PREFIX + "pks:" + passkeyId;
    }

    static String pendingRequest(String id) {
        return PREFIX + "areq:" + Tokens.sha256(id);
    }

    /** A pushed authorization request (RFC 9126), found by its request_uri. */
    static String pushedRequest(String requestUri) {
        return PREFIX + "par:" + Tokens.sha256(requestUri);
    }

    /** The DPoP proofs recently used with one key, by its JWK thumbprint (itself a SHA-256). */
    static String dpopProofs(String jkt) {
        return PREFIX + "dpop:jti:" + jkt;
    }

    static String dpopNonceKey() {
        return PREFIX + "dpop:nonce-key";
    }

    /** Null for a token not of our form. */
    private static String tokenKey(String kind, String token) {
        String tag = tagOf(token);
        return tag == null ? null : slot(tag) + kind + ":" + Tokens.sha256(token);
    }

    private static String slot(String tag) {
        return PREFIX + "{" + tag + "}:";
    }
}
