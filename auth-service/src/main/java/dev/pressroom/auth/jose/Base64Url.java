package dev.pressroom.auth.jose;

import java.util.Base64;

/** Base64url without padding (RFC 7515 §2), strictly: the JDK decoder alone would also take padding. */
final class Base64Url {

    private Base64Url() {}

    static boolean isAlphabet(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean ok =
                    (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** The octets, or null when the text is not base64url. */
    static byte[] decode(String text) {
        if (!isAlphabet(text)) {
            return null;
        }
        try {
            return Base64.getUrlDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
