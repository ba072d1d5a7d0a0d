package dev.pressroom.manifest.validation;

/**
 * Strict UTF-8 validation (Unicode table 3-7: no overlong forms, no surrogates, nothing above U+10FFFF), with the
 * same verdict and position as the JDK decoder set to REPORT, but without allocating a decoder and a char buffer.
 */
final class Utf8 {

    private Utf8() {}

    /** The offset of the first byte of the first malformed sequence, or -1 when {@code b} is well-formed UTF-8. */
    static int firstMalformed(byte[] b) {
        int i = 0;
        int n = b.length;
        while (i < n) {
            int lead = b[i] & 0xFF;
            if (lead < 0x80) {
                i++;
                continue;
            }
            int length;
            int low = 0x80;
            int high = 0xBF;
            if (lead >= 0xC2 && lead <= 0xDF) {
                length = 2;
            } else if (lead >= 0xE0 && lead <= 0xEF) {
                length = 3;
                low = lead == 0xE0 ? 0xA0 : 0x80;
                high = lead == 0xED ? 0x9F : 0xBF;
            } else if (lead >= 0xF0 && lead <= 0xF4) {
                length = 4;
                low = lead == 0xF0 ? 0x90 : 0x80;
                high = lead == 0xF4 ? 0x8F : 0xBF;
            } else {
                return i;
            }
            if (i + length > n) {
                return i;
            }
            int second = b[i + 1] & 0xFF;
            if (second < low || second > high) {
                return i;
            }
            for (int k = 2; k < length; k++) {
                if ((b[i + k] & 0xC0) != 0x80) {
                    return i;
                }
            }
            i += length;
        }
        return -1;
    }
}
