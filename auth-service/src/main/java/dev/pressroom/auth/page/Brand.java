package dev.pressroom.auth.page;

import io.quarkus.qute.TemplateData;
import io.smallrye.config.ConfigMapping;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The platform's name, logo and accent colour on every page (README, "Pages"). Templates read it as
 * {@code inject:brand}; the accent reaches the pages through {@link #themeCss()} at /theme.css, since the CSP
 * allows no inline style. A singleton with a resolver of its own: the native executable found no {@code logoUrl} on
 * the application-scoped bean's client proxy, whose members Qute looks up by reflection there (AuthServiceNativeIT:
 * every page was a 500).
 */
@Singleton
@TemplateData
@Named("brand")
public class Brand {

    /** AUTH_PRODUCT_NAME, AUTH_LOGO_URL, AUTH_ACCENT_COLOUR (application.properties holds the defaults). */
    @ConfigMapping(prefix = "auth.pages")
    public interface Settings {

        String productName();

        /** Same origin or https (the CSP's img-src); the default is the service's own logo. */
        String logoUrl();

        /** #rrggbb: the background of each page's one primary button. */
        String accentColour();
    }

    static final String BLACK = "#000000";
    private static final Pattern HEX_COLOUR = Pattern.compile("#[0-9a-fA-F]{6}");

    private final String productName;
    private final String logoUrl;
    private final String themeCss;

    public Brand(Settings settings) {
        this.productName = settings.productName();
        this.logoUrl = settings.logoUrl();
        boolean sameHost = logoUrl.startsWith("/") && !logoUrl.startsWith("//");
        if (!sameHost && !logoUrl.startsWith("https://")) {
            throw new IllegalArgumentException(
                    "auth.pages.logo-url must be a path on this host or an https URL: " + logoUrl);
        }
        this.themeCss = themeCss(settings.accentColour());
    }

    public String productName() {
        return productName;
    }

    public String logoUrl() {
        return logoUrl;
    }

    public String themeCss() {
        return themeCss;
    }

    /**
     * The accent as CSS custom properties, with the text colour on it chosen for contrast: white or black, whichever
     * contrasts more, which is always at least 4.58:1 (WCAG AA asks 4.5:1 for text), whatever accent is configured.
     */
    static String themeCss(String accent) {
        if (!HEX_COLOUR.matcher(accent).matches()) {
            throw new IllegalArgumentException("auth.pages.accent-colour must be #rrggbb: " + accent);
        }
        double luminance = luminance(accent);
        double onWhite = 1.05 / (luminance + 0.05);
        double onBlack = (luminance + 0.05) / (luminance(BLACK) + 0.05);
        String text = onWhite >= onBlack ? "#ffffff" : BLACK;
        return ":root { --accent: " + accent.toLowerCase(Locale.ROOT) + "; --on-accent: " + text + "; }\n";
    }

    /** WCAG 2.x relative luminance of a #rrggbb colour. */
    static double luminance(String hex) {
        double r = channel(Integer.parseInt(hex.substring(1, 3), 16));
        double g = channel(Integer.parseInt(hex.substring(3, 5), 16));
        double b = channel(Integer.parseInt(hex.substring(5, 7), 16));
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    }

    private static double channel(int value) {
        double c = value / 255.0;
        return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    }
}
