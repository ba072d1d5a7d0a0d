package dev.pressroom.auth.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;

/** Every setting of the account service, read from application.properties and the AUTH_* environment. */
@ConfigMapping(prefix = "auth")
public interface AuthConfig {

    /** The exact public issuer URL (AUTH_ISSUER); every endpoint in discovery is built from it. */
    String issuer();

    /** Bearer token of the admin API (AUTH_ADMIN_TOKEN); empty disables the bootstrap token. */
    Optional<String> adminToken();

    /** Directory of PKCS#8 RSA private keys, one file per key named {kid}.pem (AUTH_KEYS_DIR). */
    String keysDir();

    /** Create and keep a development key when the key directory holds none (dev and test only). */
    @WithDefault("false")
    boolean generateDevKey();

    /** Secure flag on cookies; off only in dev and test, which run over plain http on loopback. */
    @WithDefault("true")
    boolean cookieSecure();

    /** RFC 6749 §4.1.2 recommends at most ten minutes; the spec says five. */
    @WithDefault("PT5M")
    Duration codeTtl();

    /** The spec's documented exchange: expires_in 3600. */
    @WithDefault("PT1H")
    Duration accessTokenTtl();

    /** Each refresh token is valid this long after it was issued; rotation issues a fresh one (idle lifetime). */
    @WithDefault("P30D")
    Duration refreshTokenTtl();

    /**
     * A refresh chain ends this long after its authorization however often it is refreshed (absolute lifetime,
     * Keycloak's "SSO Session Max"); then the person signs in to the app again (AUTH_REFRESH_CHAIN_MAX).
     */
    @WithDefault("P90D")
    Duration refreshChainMax();

    /**
     * A rotated refresh token presented again this soon after its rotation, by its own client, while the token that
     * replaced it was never used, is taken for a retry after a lost reply: the unused successor is retired and new
     * tokens issued instead of the chain being revoked (AUTH_REFRESH_REUSE_GRACE; zero turns it off).
     */
    @WithDefault("PT30S")
    Duration refreshReuseGrace();

    /**
     * How long a request waits for any one Redis call before it answers 503 (AUTH_REDIS_DEADLINE): a partitioned Redis
     * neither answers nor closes the connection.
     */
    @WithDefault("PT2S")
    Duration redisDeadline();

    /**
     * How long a request waits for any one PostgreSQL call, or transaction, before it answers 503
     * (AUTH_POSTGRES_DEADLINE): a partitioned database neither answers nor closes the connection.
     */
    @WithDefault("PT3S")
    Duration postgresDeadline();

    /** How long a browser session (the sid) lasts after sign-in. */
    @WithDefault("PT12H")
    Duration sessionTtl();

    /**
     * Changing how a person signs in (adding or removing a passkey) needs a sign-in this recent; an older session is
     * asked to sign in again first, as GitHub's sudo mode and Google's re-authentication ask (AUTH_REAUTHENTICATE_WITHIN).
     */
    @WithDefault("PT5M")
    Duration reauthenticateWithin();

    /** How long a person may take to sign in and consent before the authorization request is forgotten. */
    @WithDefault("PT15M")
    Duration pendingRequestTtl();

    /**
     * How long a pushed authorization request's request_uri may be used (RFC 9126 §2.2 expires_in): long enough to
     * send the browser to the authorization endpoint, short because it stands for the whole request.
     */
    @WithDefault("PT60S")
    Duration pushedRequestTtl();

    /**
     * Every client must push its authorization requests (AUTH_REQUIRE_PAR; RFC 9126 §5
     * require_pushed_authorization_requests); a client can also ask for it alone in its registration metadata.
     */
    @WithDefault("false")
    boolean requirePushedAuthorizationRequests();

    /** Validity of an initial access token minted by staff when the admin call names none (expires_in). */
    @WithDefault("P7D")
    Duration initialAccessTokenTtl();

    /** How long audit events are kept (AUTH_AUDIT_RETENTION); older ones are deleted every hour. */
    @WithDefault("P90D")
    Duration auditRetention();

    /** Who computes RS256 signatures (AUTH_SIGNER): auto, openssl or jdk (README, "ID token signatures"). */
    @WithDefault("auto")
    String signer();

    /**
     * Who computes Argon2id (AUTH_ARGON2): auto (the bundled reference C when it loads, else Bouncy Castle in Java),
     * native or java (README, "Password hashes").
     */
    @WithDefault("auto")
    String argon2();

    Hashing hashing();

    Limits limits();

    Db db();

    Redis redis();

    Passkeys passkeys();

    Outbound outbound();

    /** Calls to URLs a client registered: its jwks_uri (README, "private_key_jwt") and backchannel_logout_uri. */
    interface Outbound {
        /**
         * Lets those URLs be loopback addresses, over http too (AUTH_OUTBOUND_ALLOW_LOOPBACK): for receivers on the
         * same machine in tests and local development. Off in production, where only public https addresses pass.
         */
        @WithDefault("false")
        boolean allowLoopback();

        /** Time to connect (AUTH_OUTBOUND_CONNECT_TIMEOUT). */
        @WithDefault("PT2S")
        Duration connectTimeout();

        /** Time for the whole answer, however slowly it arrives (AUTH_OUTBOUND_ANSWER_TIMEOUT). */
        @WithDefault("PT3S")
        Duration answerTimeout();

        /** How long a client's fetched JWK Set is used before it is fetched again (AUTH_JWKS_CACHE_TTL). */
        @WithDefault("PT5M")
        Duration jwksCacheTtl();
    }

    Backchannel backchannel();

    /** Back-channel logout deliveries (README, "Back-channel logout"). */
    interface Backchannel {
        /** How often each replica looks for logout tokens due to be posted (AUTH_BACKCHANNEL_EVERY). */
        @WithDefault("PT1S")
        Duration every();

        /**
         * A logout token's lifetime (exp - iat, AUTH_BACKCHANNEL_TOKEN_TTL), and so how long its delivery is
         * retried: a token the client must refuse as expired is not sent.
         */
        @WithDefault("PT2M")
        Duration tokenTtl();

        /** Deliveries tried per token before it is given up (AUTH_BACKCHANNEL_MAX_ATTEMPTS). */
        @WithDefault("6")
        int maxAttempts();

        /** The wait after a first failed delivery, doubled after each further one (AUTH_BACKCHANNEL_FIRST_BACKOFF). */
        @WithDefault("PT5S")
        Duration firstBackoff();

        /** The longest wait between two deliveries of one token (AUTH_BACKCHANNEL_MAX_BACKOFF). */
        @WithDefault("PT1M")
        Duration maxBackoff();
    }

    Dpop dpop();

    /** Passkeys (README, "Passkeys"). */
    interface Passkeys {
        /**
         * The WebAuthn relying party id (AUTH_PASSKEY_RP_ID): the issuer's host, or {@code localhost} when that is an
         * IP address, which cannot be an RP id. Passkeys are bound to it: changing it orphans every passkey.
         */
        Optional<String> rpId();

        /**
         * The origin the pages are served from (AUTH_PASSKEY_ORIGIN): by default the issuer's scheme, the RP id and the
         * issuer's port.
         */
        Optional<String> origin();
    }

    /** The password hashing pool (README, "Password hashes"). */
    interface Hashing {
        /**
         * Hashes at once: threads, and Argon2 work areas (AUTH_HASH_THREADS). Unset: the container's CPU limit (cgroup
         * quota, rounded up), or 2 without one; never the node's core count.
         */
        OptionalInt threads();

        /** Hashes that may wait for a thread (AUTH_HASH_QUEUE); beyond, sign-in answers 503 at once. */
        @WithDefault("128")
        int queue();
    }

    /** Abuse limits per client address and per account (the account limits are fixed in AbuseLimits). */
    interface Limits {
        /** Token endpoint requests per client address per minute (AUTH_TOKEN_RATE_LIMIT). */
        @WithDefault("600")
        int tokenRequestsPerMinute();

        /**
         * Authorization requests one client address may leave waiting for sign-in or consent within a pending
         * request's lifetime (AUTH_PENDING_REQUESTS_PER_ADDRESS): each is kept in Redis, so no one grows it without bound.
         */
        @WithDefault("300")
        int pendingRequestsPerAddress();

        /**
         * The most live tokens one grant holds (AUTH_LIVE_TOKENS_PER_GRANT): an access token per code exchange or
         * refresh (each lives an hour) and the current refresh token. A client that mints more within an hour gets
         * 429 and keeps its refresh token, so no client grows Redis.
         */
        @WithDefault("100")
        int liveTokensPerGrant();

        /**
         * Passkey sign-in options (each a challenge kept in Redis) per client address per minute
         * (AUTH_PASSKEY_OPTIONS_RATE_LIMIT); a sign-in page asks once, and again every two minutes it stays open.
         */
        @WithDefault("60")
        int passkeyOptionsPerMinute();

        /**
         * Pushed authorization requests per client, and per client address, per minute (AUTH_PAR_RATE_LIMIT): each is
         * kept in Redis for its lifetime, so a client holds at most twice this many at once.
         */
        @WithDefault("60")
        int pushedRequestsPerMinute();

        /** Dynamic registrations per client address per hour. */
        @WithDefault("20")
        int registrationsPerHour();

        /** Failed sign-ins from one address (15 minutes) before each attempt must wait. */
        @WithDefault("30")
        int addressSlowAfter();

        /** Failed sign-ins from one address (15 minutes) before it is locked for 15 minutes. */
        @WithDefault("100")
        int addressLockAfter();
    }

    interface Db {
        /** Database name (AUTH_DB_NAME). */
        String name();
    }

    interface Redis {
        /** Redis database number (AUTH_REDIS_DB). */
        int db();
    }

    /** DPoP proofs (RFC 9449; README, "DPoP"). */
    interface Dpop {
        /**
         * How far a proof's iat may lie from now, either way (AUTH_DPOP_PROOF_WINDOW); its jti is remembered twice as
         * long, the most a proof inside the window can still be presented.
         */
        @WithDefault("PT60S")
        Duration proofWindow();

        /**
         * Whether every proof must carry a nonce this server gave out (AUTH_DPOP_REQUIRE_NONCE, RFC 9449 §8, §9): a
         * proof made in advance by someone who held the key for a while then stops working within two nonce lifetimes.
         */
        @WithDefault("false")
        boolean requireNonce();

        /** How long a nonce is given out before the next one (AUTH_DPOP_NONCE_LIFETIME); the previous stays accepted. */
        @WithDefault("PT5M")
        Duration nonceLifetime();

        /**
         * Proofs one key may have accepted within twice the proof window (AUTH_DPOP_PROOFS_PER_KEY): each jti is kept
         * in Redis that long, so no key grows it without bound; beyond, 429 slow_down.
         */
        @WithDefault("1000")
        int proofsPerKey();
    }
}
