package dev.pressroom.content.sanitize;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HtmlSanitizerTest {

    private final HtmlSanitizer sanitizer = new HtmlSanitizer(URI.create("https://food.example.com/"));

    /** Hostile input, and a fragment that must not survive in the output. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            script tag                 | <p>hi</p><script>alert(1)</script>                          | script
            script content kept out    | <script>document.cookie</script>                            | cookie
            event handler              | <img src="/a.png" onerror="alert(1)">                       | onerror
            inline handler on link     | <a href="/x" onclick="steal()">x</a>                        | onclick
            javascript link            | <a href="javascript:alert(1)">x</a>                         | javascript
            entity-encoded javascript  | <a href="jav&#x61;script:alert(1)">x</a>                    | script:
            whitespace javascript      | <a href=" javascript:alert(1)">x</a>                        | alert
            data link                  | <a href="data:text/html;base64,PHNjcmlwdD4=">x</a>          | data:
            data image                 | <img src="data:image/svg+xml;base64,PHN2Zz4=">              | data:
            vbscript                   | <a href="vbscript:msgbox(1)">x</a>                          | vbscript
            svg onload                 | <svg onload="alert(1)"><circle r="1"/></svg>                | svg
            svg script                 | <svg><script>alert(1)</script></svg>                        | alert
            math href trick            | <math><mi xlink:href="javascript:alert(1)">x</mi></math>    | javascript
            style tag                  | <style>body{display:none}</style><p>x</p>                   | display
            style attribute            | <p style="background:url(javascript:alert(1))">x</p>        | style
            player prefix traversal    | <iframe src="https://www.youtube-nocookie.com/embed/x/../../redirect?u=x"></iframe> | redirect
            iframe from anywhere       | <iframe src="https://evil.example/"></iframe>               | evil
            object embed               | <object data="/x.swf"></object><embed src="/x.swf">         | swf
            form                       | <form action="/steal"><input name="p"></form>               | form
            meta refresh               | <meta http-equiv="refresh" content="0;url=https://evil">    | refresh
            base tag                   | <base href="https://evil.example/">                         | evil
            nested markup              | <p><a href="/ok"><img src=x onerror=alert(1)>y</a></p>      | onerror
            broken nesting             | <div><p><b>x</div><script>alert(1)</script>                 | alert
            id clobbering              | <form id="location"></form><img name="cookie">             | location
            unknown class              | <p class="hidden-overlay">x</p>                             | hidden
            """)
    void sanitizeWhenHostileThenDangerousPartRemoved(String name, String html, String forbidden) {
        assertThat(sanitizer.sanitize(html).toLowerCase(Locale.ROOT))
                .doesNotContain(forbidden.toLowerCase(Locale.ROOT));
    }

    @Test
    void sanitizeWhenRelativeLinkThenAbsoluteAgainstBlogUrl() {
        assertThat(sanitizer.sanitize("<a href=\"/tag/soups/\">s</a><img src=\"img/a.png\" alt=\"a\">"))
                .contains("href=\"https://food.example.com/tag/soups/\"")
                .contains("src=\"https://food.example.com/img/a.png\"");
    }

    @Test
    void sanitizeWhenAllowedPlayerIframeThenKeptAndSandboxed() {
        String html = sanitizer.sanitize(
                "<iframe src=\"https://www.youtube-nocookie.com/embed/abc123\" onload=\"x()\"></iframe>");
        assertThat(html)
                .contains("src=\"https://www.youtube-nocookie.com/embed/abc123\"")
                .contains("sandbox=\"allow-scripts")
                .doesNotContain("onload");
    }

    @Test
    void sanitizeWhenCardMarkupThenClassesAndHeadingIdsKept() {
        String html =
                sanitizer.sanitize("<h2 id=\"method\">Method</h2><section class=\"card card-recipe\"><p>x</p></section>"
                        + "<aside class=\"callout callout-tip\">t</aside>");
        assertThat(html)
                .contains("<h2 id=\"method\">")
                .contains("class=\"card card-recipe\"")
                .contains("class=\"callout callout-tip\"");
    }

    @Test
    void sanitizeWhenMailtoAndFragmentThenKept() {
        assertThat(sanitizer.sanitize("<a href=\"mailto:a@example.com\">m</a><a href=\"#method\">m</a>"))
                .contains("href=\"mailto:a&#64;example.com\"")
                .contains("href=\"#method\"");
    }
}
