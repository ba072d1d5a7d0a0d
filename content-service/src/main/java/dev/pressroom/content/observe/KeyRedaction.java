package dev.pressroom.content.observe;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SpanProcessor;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Content keys may come in the query string ({@code ?key=}), which the server span records as url.query: the key's
 * value is replaced before the span goes anywhere, as OpenTelemetry does for signed-URL parameters.
 */
@ApplicationScoped
public class KeyRedaction implements SpanProcessor {

    static final AttributeKey<String> URL_QUERY = AttributeKey.stringKey("url.query");

    @Override
    public void onStart(Context parentContext, ReadWriteSpan span) {
        String query = span.getAttribute(URL_QUERY);
        if (query != null) {
            span.setAttribute(URL_QUERY, redact(query));
        }
    }

    /** Every parameter the Content API would read as {@code key}, its name percent-encoded or not. */
    static String redact(String query) {
        return Arrays.stream(query.split("&", -1))
                .map(parameter -> {
                    int equals = parameter.indexOf('=');
                    String name = equals < 0 ? parameter : parameter.substring(0, equals);
                    return equals >= 0 && decode(name).equals("key") ? name + "=REDACTED" : parameter;
                })
                .collect(Collectors.joining("&"));
    }

    private static String decode(String name) {
        try {
            return URLDecoder.decode(name, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException malformed) {
            return name;
        }
    }

    @Override
    public boolean isStartRequired() {
        return true;
    }

    @Override
    public void onEnd(ReadableSpan span) {}

    @Override
    public boolean isEndRequired() {
        return false;
    }
}
