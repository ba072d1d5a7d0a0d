package dev.pressroom.manifest.validation;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class Utf8Test {

    @ParameterizedTest
    @CsvSource({
        "41 C3 A9 E2 82 AC F0 9F 98 80, -1", // A, e-acute, euro sign, an emoji: well-formed
        "41 C3 28, 1", // second byte not a continuation
        "C0 AF, 0", // overlong '/'
        "E0 80 AF, 0", // overlong 3-byte form
        "F0 80 80 AF, 0", // overlong 4-byte form
        "ED A0 80, 0", // UTF-16 surrogate D800
        "F4 90 80 80, 0", // above U+10FFFF
        "F5 80 80 80, 0", // lead byte that never occurs
        "41 42 E2 82, 2", // truncated at the end
        "80, 0", // lone continuation byte
        "41 EF BF BF 42, -1" // U+FFFF is a noncharacter, still well-formed
    })
    void firstMalformedWhenSequenceThenOffsetOfItsFirstByte(String hex, int expected) {
        byte[] bytes = hex(hex);

        assertThat(Utf8.firstMalformed(bytes)).isEqualTo(expected).isEqualTo(jdkFirstMalformed(bytes));
    }

    @Test
    void firstMalformedWhenRandomBytesThenSameAnswerAsTheJdkDecoder() {
        Random random = new Random(20261121);
        for (int run = 0; run < 20_000; run++) {
            byte[] bytes = new byte[1 + random.nextInt(12)];
            for (int i = 0; i < bytes.length; i++) {
                // mostly the interesting lead and continuation ranges, some ASCII
                bytes[i] = (byte) (random.nextInt(4) == 0 ? random.nextInt(0x80) : 0x80 + random.nextInt(0x80));
            }

            assertThat(Utf8.firstMalformed(bytes))
                    .as("bytes %s", java.util.HexFormat.of().formatHex(bytes))
                    .isEqualTo(jdkFirstMalformed(bytes));
        }
    }

    private static int jdkFirstMalformed(byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CoderResult result = decoder.decode(in, CharBuffer.allocate(bytes.length * 2), true);
        return result.isError() ? in.position() : -1;
    }

    private static byte[] hex(String spaced) {
        return java.util.HexFormat.of().parseHex(spaced.replace(" ", ""));
    }
}
