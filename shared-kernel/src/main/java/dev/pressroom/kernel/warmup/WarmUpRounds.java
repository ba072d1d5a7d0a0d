package dev.pressroom.kernel.warmup;

import java.net.URI;
import java.util.Optional;

/**
 * What a service's warm-up sends itself ({@link WarmUp}): the requests its clients will, one round at a time. A
 * service opts in by providing one bean of this type.
 */
public interface WarmUpRounds {

    /**
     * Prepares one warm-up against the service's own HTTP listener (whatever it needs first, such as an identity to
     * act as); blocks, and is never called on an event loop. Requests that a per-address limit would stop carry
     * {@code pass} in {@link WarmUpPass#HEADER}. Empty when there is nothing to warm (a service with no data yet).
     */
    Optional<Session> open(URI listener, String pass) throws Exception;

    /** One warm-up: its rounds run on several threads at once. */
    interface Session {

        /** One round of requests; fails with an exception when an answer is not what a client would accept. */
        void round() throws Exception;

        /** Removes what the warm-up made, once its last round has ended. */
        void close();
    }
}
