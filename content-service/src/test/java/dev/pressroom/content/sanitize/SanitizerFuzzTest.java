package dev.pressroom.content.sanitize;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/** Coverage-guided fuzzing of the HTML sanitizer: its output, and its output sanitized again, holds no script. */
class SanitizerFuzzTest {

    private static final HtmlSanitizer SANITIZER = new HtmlSanitizer(URI.create("https://food.example.com/"));

    @FuzzTest
    void sanitizedHtmlHoldsNoScriptEvenAfterASecondPass(byte[] html) {
        String once = SANITIZER.sanitize(new String(html, StandardCharsets.UTF_8));

        HtmlSafety.assertSafe(once);
        HtmlSafety.assertSafe(SANITIZER.sanitize(once));
    }
}
