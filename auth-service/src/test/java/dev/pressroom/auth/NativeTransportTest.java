package dev.pressroom.auth;

import dev.pressroom.kernel.testing.NativeTransportContract;
import io.quarkus.test.junit.QuarkusTest;

@QuarkusTest
class NativeTransportTest extends NativeTransportContract {}
