package dev.pressroom.kernel.observe;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SpanProcessor;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Spans leave the service without what a caller sent as a secret or as personal data: every query parameter's value
 * (content keys, {@code id_token_hint}, {@code code}, {@code state}, {@code nonce}) is replaced, its name kept for
 * debugging, in {@code url.query} and {@code url.full}; a request header that authenticates, should one
 * ever be captured ({@code http.request.header.*}), is replaced whole. Bodies are never recorded: the HTTP
 * instrumentation has no body attribute.
 */
@ApplicationScoped
public class SpanRedaction implements SpanProcessor {

    static final String REDACTED = "REDACTED";
    static final AttributeKey<String> URL_QUERY = AttributeKey.stringKey("url.query");
    static final AttributeKey<String> URL_FULL = AttributeKey.stringKey("url.full");
    private static final String CAPTURED_HEADER = "http.request.header.";
    /** Request headers that carry credentials or sessions. */
    private static final Set<String> AUTHENTICATING_HEADERS =
            Set.of("authorization", "proxy-authorization", "cookie", "x-api-key", "dpop");

    @Override
    public void onStart(Context parentContext, ReadWriteSpan span) {
        String query = span.getAttribute(URL_QUERY);
        if (query != null) {
            span.setAttribute(URL_QUERY, redactQuery(query));
        }
        String url = span.getAttribute(URL_FULL);
        if (url != null) {
            span.setAttribute(URL_FULL, redactUrl(url));
        }
        span.getAttributes().forEach((key, value) -> {
            if (isAuthenticatingHeader(key.getKey())) {
                span.setAttribute(AttributeKey.stringArrayKey(key.getKey()), List.of(REDACTED));
            }
        });
    }

    /** Each parameter's value replaced, its name (percent-encoded or not, as sent) kept. */
    static String redactQuery(String query) {
        return Arrays.stream(query.split("&", -1))
                .map(parameter -> {
                    int equals = parameter.indexOf('=');
                    return equals < 0 ? parameter : parameter.substring(0, equals + 1) + REDACTED;
                })
                .collect(Collectors.joining("&"));
    }

    /** The query of a full URL redacted as {@link #redactQuery}; a fragment is dropped. */
    static String redactUrl(String url) {
        int fragment = url.indexOf('#');
        String withoutFragment = fragment < 0 ? url : url.substring(0, fragment);
        int question = withoutFragment.indexOf('?');
        return question < 0
                ? withoutFragment
                : withoutFragment.substring(0, question + 1) + redactQuery(withoutFragment.substring(question + 1));
    }

    static boolean isAuthenticatingHeader(String attribute) {
        String lower = attribute.toLowerCase(Locale.ROOT);
        return lower.startsWith(CAPTURED_HEADER)
                && AUTHENTICATING_HEADERS.contains(lower.substring(CAPTURED_HEADER.length()));
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
