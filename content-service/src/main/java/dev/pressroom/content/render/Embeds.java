package dev.pressroom.content.render;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The embed providers that may become iframes; every other embed URL stays a plain link. Each provider's
 * page URL is mapped to its player URL, so a post can never frame an arbitrary page.
 */
public final class Embeds {

    /** Player URL prefixes the sanitizer lets through as iframe sources. */
    public static final List<String> PLAYER_PREFIXES =
            List.of("https://www.youtube-nocookie.com/embed/", "https://player.vimeo.com/video/");

    private static final Pattern YOUTUBE = Pattern.compile(
            "^https://(?:www\\.|m\\.)?(?:youtube\\.com/watch\\?(?:.*&)?v=|youtu\\.be/)([A-Za-z0-9_-]{6,20})(?:[&?#].*)?$");
    private static final Pattern VIMEO = Pattern.compile("^https://(?:www\\.)?vimeo\\.com/([0-9]{1,12})(?:[?#].*)?$");

    private Embeds() {}

    public static Optional<String> playerUrl(String pageUrl) {
        Matcher youtube = YOUTUBE.matcher(pageUrl);
        if (youtube.matches()) {
            return Optional.of(PLAYER_PREFIXES.get(0) + youtube.group(1));
        }
        Matcher vimeo = VIMEO.matcher(pageUrl);
        if (vimeo.matches()) {
            return Optional.of(PLAYER_PREFIXES.get(1) + vimeo.group(1));
        }
        return Optional.empty();
    }

    /** True for an iframe source this service produced from an allowed provider: a player prefix and a video id. */
    public static boolean isPlayerUrl(String src) {
        return src != null
                && PLAYER_PREFIXES.stream()
                        .anyMatch(prefix -> src.startsWith(prefix)
                                && src.substring(prefix.length()).matches("[A-Za-z0-9_-]{1,20}"));
    }
}
