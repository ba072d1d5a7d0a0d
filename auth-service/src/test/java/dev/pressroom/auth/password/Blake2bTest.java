package dev.pressroom.auth.password;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Random;
import org.bouncycastle.crypto.digests.Blake2bDigest;
import org.junit.jupiter.api.Test;

/** Our BLAKE2b against RFC 7693's test vector and Bouncy Castle's as an independent reference. */
class Blake2bTest {

    @Test
    void doFinalWhenRfc7693AbcThenItsDigest() {
        byte[] abc = "abc".getBytes(StandardCharsets.US_ASCII);
        Blake2b digest = new Blake2b(64);
        digest.update(abc, 0, abc.length);
        byte[] out = new byte[64];
        digest.doFinal(out, 0);

        // RFC 7693 Appendix A: BLAKE2b-512("abc").
        assertThat(HexFormat.of().formatHex(out)).isEqualTo("ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1"
                + "7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923");
    }

    @Test
    void doFinalWhenAnyLengthsAndChunkingThenAsBouncyCastle() {
        Random random = new Random(7693);
        for (int round = 0; round < 300; round++) {
            // Lengths around the 128-byte block edges and Argon2's 1,024-byte blocks, fed in random pieces.
            int length = round < 10 ? round * 128 : random.nextInt(2100);
            int outLength = 1 + random.nextInt(64);
            byte[] input = new byte[length];
            random.nextBytes(input);
            Blake2b ours = new Blake2b(outLength);
            for (int at = 0; at < length; ) {
                int piece = Math.min(length - at, 1 + random.nextInt(300));
                ours.update(input, at, piece);
                at += piece;
            }
            byte[] actual = new byte[outLength];
            ours.doFinal(actual, 0);

            assertThat(actual).as("length %d, output %d", length, outLength).isEqualTo(bouncyCastle(input, outLength));
        }
    }

    @Test
    void doFinalWhenReusedThenStartsAfresh() {
        byte[] first = "first input".getBytes(StandardCharsets.US_ASCII);
        byte[] second = "second".getBytes(StandardCharsets.US_ASCII);
        Blake2b digest = new Blake2b(32);
        digest.update(first, 0, first.length);
        digest.doFinal(new byte[32], 0);
        digest.update(second, 0, second.length);
        byte[] out = new byte[32];
        digest.doFinal(out, 0);

        assertThat(out).isEqualTo(bouncyCastle(second, 32));
    }

    @Test
    void constructorWhenOutputLengthOutOfRangeThenRefused() {
        assertThatThrownBy(() -> new Blake2b(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Blake2b(65)).isInstanceOf(IllegalArgumentException.class);
    }

    private static byte[] bouncyCastle(byte[] input, int outLength) {
        Blake2bDigest digest = new Blake2bDigest(outLength * 8);
        digest.update(input, 0, input.length);
        byte[] out = new byte[outLength];
        digest.doFinal(out, 0);
        return out;
    }
}
