package dev.pressroom.kernel.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Vertx;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/**
 * The kernel's default that each service's {@code NativeTransportTest} checks in its running application: Vert.x on
 * Netty's epoll transport, which the kernel brings for Linux and turns on in its config defaults (README, "The
 * libraries of the design").
 */
public abstract class NativeTransportContract {

    @Inject
    Vertx vertx;

    @Test
    void transportWhenStartedOnLinuxThenEpollNotNio() {
        assertThat(vertx.isNativeTransportEnabled())
                .as("native transport (unavailable because: %s)", vertx.unavailableNativeTransportCause())
                .isTrue();
    }
}
