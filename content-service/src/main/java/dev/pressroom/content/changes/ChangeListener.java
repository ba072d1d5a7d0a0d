package dev.pressroom.content.changes;

import dev.pressroom.content.blog.BlogDirectory;
import dev.pressroom.content.blog.ContentChanges;
import dev.pressroom.content.cache.AnswerCache;
import dev.pressroom.content.config.ContentConfig;
import dev.pressroom.content.key.KeyDirectory;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.vertx.core.net.PemTrustOptions;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.pgclient.pubsub.PgSubscriber;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.SslMode;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jboss.logging.Logger;

/**
 * Every replica LISTENs on {@link ContentChanges#CHANNEL}: an import or key change drops exactly that blog's cached
 * lookups and answers. Whenever the subscription (re)starts, everything is dropped, since notifications sent while
 * disconnected are lost; the lookup TTL bounds staleness until the connection is back. Each subscription after the
 * first counts in pressroom.content.change.listener.reconnects.
 */
@ApplicationScoped
public class ChangeListener {

    private static final Logger LOG = Logger.getLogger(ChangeListener.class);
    private static final long RETRY_MS = 1000;

    private final Vertx vertx;
    private final ContentConfig config;
    private final BlogDirectory blogs;
    private final KeyDirectory keys;
    private final AnswerCache answers;
    private final Counter reconnects;
    private final AtomicBoolean subscribedOnce = new AtomicBoolean();
    private PgSubscriber subscriber;

    public ChangeListener(
            Vertx vertx,
            ContentConfig config,
            BlogDirectory blogs,
            KeyDirectory keys,
            AnswerCache answers,
            MeterRegistry registry) {
        this.vertx = vertx;
        this.config = config;
        this.blogs = blogs;
        this.keys = keys;
        this.answers = answers;
        this.reconnects = Counter.builder("pressroom.content.change.listener.reconnects")
                .description("Times the LISTEN connection for content changes was lost and made again")
                .register(registry);
    }

    void start(@Observes StartupEvent event) {
        if (!config.listen().enabled()) {
            return;
        }
        subscriber =
                PgSubscriber.subscriber(vertx, connectOptions(config.listen())).reconnectPolicy(retries -> RETRY_MS);
        subscriber
                .channel(ContentChanges.CHANNEL)
                .subscribeHandler(this::subscribed)
                .handler(this::onChange);
        connect();
    }

    /** The pool's connection settings, TLS included: mode, CA and the server's name (application.properties). */
    static PgConnectOptions connectOptions(ContentConfig.Listen listen) {
        PgConnectOptions options = PgConnectOptions.fromUri(listen.url()).setUser(listen.username());
        listen.password().ifPresent(options::setPassword);
        options.setSslMode(SslMode.of(listen.sslMode())).setHostnameVerificationAlgorithm("HTTPS");
        listen.rootCert().ifPresent(ca -> options.setTrustOptions(new PemTrustOptions().addCertPath(ca)));
        return options;
    }

    void stop(@Observes ShutdownEvent event) {
        if (subscriber != null) {
            subscriber.closeAndForget();
        }
    }

    /** Payload {@code <blog id>:<version>}. */
    void onChange(String payload) {
        int colon = payload.lastIndexOf(':');
        if (colon < 1) {
            return;
        }
        String blogId = payload.substring(0, colon);
        blogs.evict(blogId);
        keys.evict(blogId);
        try {
            answers.evictOlder(blogId, Long.parseLong(payload.substring(colon + 1)));
        } catch (NumberFormatException e) {
            LOG.warnf("Ignoring malformed change notification %s", payload);
        }
    }

    private void connect() {
        subscriber.connect().subscribe().with(ok -> LOG.debug("Listening for content changes"), failure -> {
            LOG.warnf("Cannot listen for content changes yet (%s); retrying", failure.getMessage());
            vertx.setTimer(RETRY_MS, id -> connect());
        });
    }

    private void subscribed() {
        if (subscribedOnce.getAndSet(true)) {
            reconnects.increment();
        }
        dropEverything();
    }

    private void dropEverything() {
        blogs.evictAll();
        keys.evictAll();
        answers.evictAll();
    }
}
