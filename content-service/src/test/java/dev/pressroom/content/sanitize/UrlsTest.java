package dev.pressroom.content.sanitize;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import org.junit.jupiter.api.Test;

class UrlsTest {

    private final URI base = URI.create("https://food.example.com/");

    @Test
    void absoluteWhenRelativeThenResolvedAgainstBase() {
        assertThat(Urls.absolute(base, "/a/b?c=1")).contains("https://food.example.com/a/b?c=1");
        assertThat(Urls.absolute(base, "x.png")).contains("https://food.example.com/x.png");
    }

    @Test
    void absoluteWhenUnsafeSchemeOrCredentialsThenEmpty() {
        assertThat(Urls.absolute(base, "javascript:alert(1)")).isEmpty();
        assertThat(Urls.absolute(base, "JAVASCRIPT:alert(1)")).isEmpty();
        assertThat(Urls.absolute(base, "data:text/html,x")).isEmpty();
        assertThat(Urls.absolute(base, "https://user:pw@evil.example/")).isEmpty();
        assertThat(Urls.absolute(base, "java\tscript:alert(1)")).isEmpty();
        assertThat(Urls.absolute(base, "#\"><script>")).isEmpty();
    }
}
