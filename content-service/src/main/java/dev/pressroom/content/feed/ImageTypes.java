package dev.pressroom.content.feed;

import java.net.URI;
import java.util.Locale;
import java.util.Map;

/** The media type of an image URL, from its file extension (feeds must name the type of an enclosure). */
final class ImageTypes {

    private static final Map<String, String> BY_EXTENSION = Map.of(
            "jpg",
            "image/jpeg",
            "jpeg",
            "image/jpeg",
            "png",
            "image/png",
            "gif",
            "image/gif",
            "webp",
            "image/webp",
            "avif",
            "image/avif",
            "svg",
            "image/svg+xml");

    private ImageTypes() {}

    static String of(String url) {
        String path;
        try {
            path = URI.create(url).getPath();
        } catch (IllegalArgumentException e) {
            path = null;
        }
        if (path == null) {
            return "image/jpeg";
        }
        int dot = path.lastIndexOf('.');
        String extension = dot < 0 ? "" : path.substring(dot + 1).toLowerCase(Locale.ROOT);
        // Image hosts often serve extension-less URLs; JPEG is by far the most common feature image type.
        return BY_EXTENSION.getOrDefault(extension, "image/jpeg");
    }
}
