package dev.pressroom.content.cdn;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One purge API call for a batch of keys, as each CDN style takes it. Fastly: {@code POST /service/<id>/purge} with
 * the keys in a {@code Surrogate-Key} header (space-separated) and the token in {@code Fastly-Key}. Cloudflare:
 * {@code POST /zones/<id>/purge_cache} with {@code {"tags": [...]}} and the token as a bearer token.
 */
public record PurgeCall(String contentType, Map<String, String> headers, String body) {

    private static final JsonFactory JSON = new JsonFactory();

    public static PurgeCall of(CdnStyle style, List<String> keys, Optional<String> token) {
        Map<String, String> headers = new LinkedHashMap<>();
        return switch (style) {
            case FASTLY -> {
                token.ifPresent(t -> headers.put("Fastly-Key", t));
                headers.put("Surrogate-Key", String.join(" ", keys));
                yield new PurgeCall("application/json", headers, "");
            }
            case CLOUDFLARE -> {
                token.ifPresent(t -> headers.put("Authorization", "Bearer " + t));
                yield new PurgeCall("application/json", headers, tags(keys));
            }
            case OFF -> throw new IllegalStateException("no CDN style to purge for");
        };
    }

    private static String tags(List<String> keys) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.writeStartObject();
            g.writeArrayFieldStart("tags");
            for (String key : keys) {
                g.writeString(key);
            }
            g.writeEndArray();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }
}
