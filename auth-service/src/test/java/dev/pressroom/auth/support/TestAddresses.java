package dev.pressroom.auth.support;

import java.util.concurrent.ThreadLocalRandom;

/** Client addresses no earlier run has used: a random /64 of the IPv6 documentation prefix (RFC 3849). */
public final class TestAddresses {

    private TestAddresses() {}

    public static String fresh() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return String.format("2001:db8:%x:%x::1", random.nextInt(0x10000), random.nextInt(0x10000));
    }
}
