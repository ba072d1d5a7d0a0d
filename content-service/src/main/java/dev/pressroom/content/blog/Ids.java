package dev.pressroom.content.blog;

import java.security.SecureRandom;
import java.util.HexFormat;

/** Ids of blogs and their content: 24 lowercase hex digits (96 random bits), the shape Ghost's ids have. */
public final class Ids {

    private static final SecureRandom RANDOM = new SecureRandom();

    private Ids() {}

    public static String newId() {
        byte[] bytes = new byte[12];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }
}
