package dev.pressroom.content.config;

import dev.pressroom.content.cdn.CdnStyle;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/** Every setting of the content service (env names in the README). */
@ConfigMapping(prefix = "content")
public interface ContentConfig {

    /** Database and Redis numbers, used in application.properties to build the connection URLs. */
    Db db();

    Redis redis();

    /** A blog's URL until it has a custom domain; {name} is its address name. */
    @WithDefault("https://{name}.pressroom.blog/")
    String blogUrlTemplate();

    /**
     * Public URL of this service (the ingress host of the Content API), for the links it gives to its own feeds and
     * sitemaps; never taken from request headers, so a forged Host cannot enter cached answers.
     */
    @WithDefault("http://localhost:8082/")
    String publicUrl();

    /** Full-text search. */
    Search search();

    /** Sitemap files. */
    Sitemap sitemap();

    Keys key();

    Cache cache();

    Listen listen();

    RateLimit rateLimit();

    /** A CDN in front of the Content API: surrogate keys on answers, the edge's cache rules, purges after imports. */
    Cdn cdn();

    interface Db {
        String name();

        /**
         * How long a request waits for PostgreSQL before it answers 503 (or a cached lookup stands in): a partitioned
         * database neither answers nor closes the connection (CONTENT_DB_DEADLINE).
         */
        @WithDefault("3s")
        Duration deadline();
    }

    interface Redis {
        int db();
    }

    interface Search {
        /** Matches ranked per search, newest first: bounds the cost of a word found in every post. */
        @WithDefault("1000")
        int maxResults();
    }

    interface Sitemap {
        /** URLs per sitemap file; the sitemap protocol allows at most 50,000. */
        @WithDefault("50000")
        int pageSize();
    }

    interface Keys {
        /**
         * Secret mixed into every key hash (HMAC-SHA-256), so a leaked table cannot be checked offline. Required:
         * only the dev and test profiles give one (application.properties).
         */
        String pepper();
    }

    interface Cache {
        /** Keep rendered answers in memory, keyed by the blog's content version. */
        @WithDefault("true")
        boolean enabled();

        /** Upper bound of the answer cache in bytes. */
        @WithDefault("67108864")
        long maxBytes();

        /** How long a blog's or key's lookup is trusted without a change notification (a safety net only). */
        @WithDefault("30s")
        Duration lookupTtl();

        /**
         * How long past its TTL a lookup still stands in when loading it again fails because PostgreSQL is unreachable
         * (stale if error): cached answers keep being served through an outage, up to this bound.
         */
        @WithDefault("5m")
        Duration lookupStaleIfError();
    }

    interface Listen {
        /** Listen for content changes (PostgreSQL LISTEN); off for command runs such as the importer. */
        @WithDefault("true")
        boolean enabled();

        /** Reactive URL of the database to listen on. */
        String url();

        String username();

        java.util.Optional<String> password();

        /** TLS mode of the LISTEN connection, the pool's (PG_SSL_MODE): disable, require, verify-ca or verify-full. */
        @WithDefault("disable")
        String sslMode();

        /** PEM file of the CA that signed the server's certificate (PG_SSL_ROOT_CERT), for the verify modes. */
        java.util.Optional<String> rootCert();
    }

    interface RateLimit {
        @WithDefault("true")
        boolean enabled();

        /** Requests allowed per key in each window. */
        @WithDefault("6000")
        int perKey();

        /** Requests allowed per client address in each window. */
        @WithDefault("1200")
        int perAddress();

        @WithDefault("60s")
        Duration window();

        /** How long a Redis call may take before this replica limits on its own. */
        @WithDefault("100ms")
        Duration redisTimeout();

        /**
         * How often the hits counted here go to Redis and the other replicas' counts come back: a limit can be
         * exceeded by what the replicas serve in one interval.
         */
        @WithDefault("100ms")
        Duration syncInterval();

        /** After Redis failed, how long to limit locally before trying Redis again. */
        @WithDefault("5s")
        Duration redisRetry();

        /**
         * Unknown or wrong keys a client address may send per {@link #invalidKeyWindow()} before its keyed requests
         * are answered 429 for the rest of the window (Ghost's content-key spam prevention: 99 an hour).
         */
        @WithDefault("99")
        int invalidKeys();

        @WithDefault("1h")
        Duration invalidKeyWindow();
    }

    interface Cdn {
        /**
         * Which header carries an answer's surrogate keys: {@code off} (none), {@code fastly} ({@code Surrogate-Key},
         * space-separated) or {@code cloudflare} ({@code Cache-Tag}, comma-separated). Also picks the purge API's
         * request.
         */
        @WithDefault("off")
        CdnStyle surrogateKeys();

        /**
         * Longest key header, in bytes; a longer one falls back to the blog's and list keys (both CDNs take 16 KB,
         * Fastly per header, Cloudflare for all of a response's tags).
         */
        @WithDefault("16000")
        int maxHeaderBytes();

        /** {@code s-maxage} on public answers: how long a shared cache (the edge) keeps them; none by default. */
        Optional<Duration> sMaxage();

        /** {@code stale-if-error} (RFC 5861) on public answers: how long a stale answer may stand in for an error. */
        Optional<Duration> staleIfError();

        Purge purge();

        interface Purge {
            /**
             * The purge API's URL, e.g. {@code https://api.fastly.com/service/<service id>/purge} or
             * {@code https://api.cloudflare.com/client/v4/zones/<zone id>/purge_cache}; without one, nothing is
             * purged and answers simply expire.
             */
            Optional<String> url();

            /** The API token (a secret, from the environment): sent as {@code Fastly-Key} or as a bearer token. */
            Optional<String> token();

            /** Keys per purge call; by default the API's maximum (Fastly 256, Cloudflare 100). */
            Optional<Integer> batchSize();

            /** How often a replica delivers due purges. */
            @WithDefault("1s")
            Duration interval();

            /** Lets purges reach loopback addresses over http: local receivers in tests only. */
            @WithDefault("false")
            boolean allowLoopback();
        }
    }
}
