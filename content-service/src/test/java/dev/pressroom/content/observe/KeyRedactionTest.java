package dev.pressroom.content.observe;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class KeyRedactionTest {

    @Test
    void redactWhenKeyAnywhereThenOnlyItsValueReplaced() {
        assertThat(KeyRedaction.redact("key=prc_secret&limit=5")).isEqualTo("key=REDACTED&limit=5");
        assertThat(KeyRedaction.redact("limit=5&key=prc_secret")).isEqualTo("limit=5&key=REDACTED");
        assertThat(KeyRedaction.redact("key=a&key=b")).isEqualTo("key=REDACTED&key=REDACTED");
    }

    @Test
    void redactWhenNameEncodedThenStillRedacted() {
        assertThat(KeyRedaction.redact("k%65y=prc_secret")).isEqualTo("k%65y=REDACTED");
    }

    @Test
    void redactWhenOtherParametersOnlyThenUnchanged() {
        assertThat(KeyRedaction.redact("monkey=1&keys=2&filter=key:x&key"))
                .isEqualTo("monkey=1&keys=2&filter=key:x&key");
        assertThat(KeyRedaction.redact("bad=%zz&x=%")).isEqualTo("bad=%zz&x=%");
    }
}
