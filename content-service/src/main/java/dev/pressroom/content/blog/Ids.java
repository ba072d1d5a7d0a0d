package dev.pressroom.content.blog;

import dev.pressroom.kernel.id.Tokens;
import java.util.HexFormat;

/** Ids of blogs and their content: 24 lowercase hex digits (96 random bits), the shape Ghost's ids have. */
public final class Ids {

    private Ids() {}

    public static String newId() {
        return HexFormat.of().formatHex(Tokens.randomBytes(12));
    }
}
