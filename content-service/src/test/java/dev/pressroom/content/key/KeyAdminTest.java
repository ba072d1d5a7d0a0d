package dev.pressroom.content.key;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class KeyAdminTest {

    @Test
    void newKeyWhenIssuedThenPrefixAnd192BitsInHexThatGhostsClientAccepts() {
        String key = KeyAdmin.newKey();

        assertThat(key).matches("prc_[0-9a-f]{48}");
        // @tryghost/content-api refuses a key unless it holds 26 lowercase hex digits in a row.
        assertThat(key).containsPattern("[0-9a-f]{26}");
        assertThat(KeyAdmin.newKey()).isNotEqualTo(key);
    }
}
