package dev.pressroom.content;

import dev.pressroom.kernel.testing.NativeTransportContract;
import io.quarkus.test.junit.QuarkusTest;

@QuarkusTest
class NativeTransportTest extends NativeTransportContract {}
