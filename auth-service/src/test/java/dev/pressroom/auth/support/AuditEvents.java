package dev.pressroom.auth.support;

import io.restassured.response.Response;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.awaitility.Awaitility;

/**
 * The audit log as staff read it (GET /admin/events). Events are written off the request path, so a test waits for
 * the ones it expects to arrive.
 */
public final class AuditEvents {

    private AuditEvents() {}

    /** One page for the filters, newest first. */
    public static List<Map<String, Object>> find(Map<String, ?> filters) {
        Response page = Admin.admin().queryParams(filters).get("/admin/events");
        page.then().statusCode(200);
        return page.path("events");
    }

    /** The newest event matching the filters and the predicate, waiting up to 10 s for it to be written. */
    public static Map<String, Object> await(Map<String, ?> filters, Predicate<Map<String, Object>> which) {
        return awaitAll(filters, which, 1).get(0);
    }

    /** At least {@code count} events matching, newest first, waiting up to 10 s for them. */
    public static List<Map<String, Object>> awaitAll(
            Map<String, ?> filters, Predicate<Map<String, Object>> which, int count) {
        return Awaitility.await("" + count + " audit events for " + filters)
                .atMost(Duration.ofSeconds(10))
                .until(() -> find(filters).stream().filter(which).toList(), found -> found.size() >= count);
    }

    @SuppressWarnings("unchecked")
    public static Object detail(Map<String, Object> event, String key) {
        return ((Map<String, Object>) event.get("details")).get(key);
    }
}
