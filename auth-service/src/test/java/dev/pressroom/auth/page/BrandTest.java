package dev.pressroom.auth.page;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.qute.TemplateData;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BrandTest {

    /**
     * Templates read {@code inject:brand.logoUrl}: in the native executable Qute found no such member on the
     * application-scoped bean's client proxy, so Brand is a proxy-less singleton with a generated resolver.
     */
    @Test
    void brandWhenReadByTemplatesThenNoClientProxyAndAResolverOfItsOwn() {
        assertThat(Brand.class).hasAnnotation(Singleton.class).hasAnnotation(TemplateData.class);
    }

    @Test
    void themeWhenAccentIsDarkThenWhiteText() {
        assertThat(Brand.themeCss("#2747B0")).isEqualTo(":root { --accent: #2747b0; --on-accent: #ffffff; }\n");
    }

    @Test
    void themeWhenAccentIsLightThenBlackText() {
        assertThat(Brand.themeCss("#ffd400")).contains("--on-accent: " + Brand.BLACK + ";");
    }

    /** Whatever the accent, the button's text keeps WCAG AA contrast (4.5:1) on it. */
    @ParameterizedTest
    @ValueSource(strings = {"#000000", "#ffffff", "#777777", "#808080", "#ff0000", "#00ff00", "#0000ff", "#2747b0"})
    void themeWhenAnyAccentThenTextContrastAtLeastAa(String accent) {
        String css = Brand.themeCss(accent);
        String text = css.substring(css.indexOf("--on-accent: ") + 13, css.indexOf("--on-accent: ") + 20);
        double a = Brand.luminance(accent);
        double b = Brand.luminance(text);
        double ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
        assertThat(ratio).as(accent + " with " + text).isGreaterThanOrEqualTo(4.5);
    }

    @ParameterizedTest
    @ValueSource(strings = {"red", "#fff", "#12345g", "#123456; } body { display: none", ""})
    void themeWhenAccentIsNotSixHexDigitsThenRefused(String accent) {
        assertThatThrownBy(() -> Brand.themeCss(accent))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("#rrggbb");
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://cdn.example/logo.svg", "//cdn.example/logo.svg", "javascript:alert(1)", "logo.svg"})
    void logoWhenNeitherThisHostNorHttpsThenRefused(String url) {
        assertThatThrownBy(() -> new Brand(settings("Acme", url, "#2747b0")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("auth.pages.logo-url");
    }

    @Test
    void brandWhenConfiguredThenNameAndLogo() {
        Brand brand = new Brand(settings("Acme", "https://cdn.acme.example/logo.svg", "#2747b0"));
        assertThat(brand.productName()).isEqualTo("Acme");
        assertThat(brand.logoUrl()).isEqualTo("https://cdn.acme.example/logo.svg");
    }

    private static Brand.Settings settings(String name, String logo, String accent) {
        return new Brand.Settings() {
            @Override
            public String productName() {
                return name;
            }

            @Override
            public String logoUrl() {
                return logo;
            }

            @Override
            public String accentColour() {
                return accent;
            }
        };
    }
}
