package dev.pressroom.auth.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pressroom.auth.error.OAuthException;
import org.junit.jupiter.api.Test;

class FormBodyTest {

    @Test
    void parseWhenFormThenDecodedValues() {
        Params p = FormBody.parse("application/x-www-form-urlencoded; charset=UTF-8", "a=1&b=x+y%21&empty=");
        assertThat(p.required("a")).isEqualTo("1");
        assertThat(p.required("b")).isEqualTo("x y!");
        assertThat(p.optional("empty")).isEmpty();
    }

    @Test
    void parseWhenNotFormThenInvalidRequest() {
        assertThatThrownBy(() -> FormBody.parse("application/json", "{}"))
                .isInstanceOf(OAuthException.class)
                .extracting("error")
                .isEqualTo("invalid_request");
        assertThatThrownBy(() -> FormBody.parse(null, "a=1")).isInstanceOf(OAuthException.class);
    }

    @Test
    void parseWhenRepeatedOversizedOrMalformedThenInvalidRequest() {
        assertThatThrownBy(() -> FormBody.parse("application/x-www-form-urlencoded", "a=1&a=2"))
                .hasMessageContaining("repeated");
        assertThatThrownBy(() -> FormBody.parse("application/x-www-form-urlencoded", "a=" + "x".repeat(3000)))
                .hasMessageContaining("too long");
        assertThatThrownBy(() -> FormBody.parse("application/x-www-form-urlencoded", "a=%zz"))
                .isInstanceOf(OAuthException.class);
        StringBuilder many = new StringBuilder();
        for (int i = 0; i < 100; i++) {
            many.append("p").append(i).append("=1&");
        }
        assertThatThrownBy(() -> FormBody.parse("application/x-www-form-urlencoded", many.toString()))
                .hasMessageContaining("Too many");
    }
}
