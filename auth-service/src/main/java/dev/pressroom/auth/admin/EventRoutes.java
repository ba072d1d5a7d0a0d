package dev.pressroom.auth.admin;

import dev.pressroom.auth.audit.AuditQuery;
import dev.pressroom.auth.audit.AuditRepository;
import dev.pressroom.auth.error.OAuthException;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** GET /admin/events: the audit log, filtered, newest first, a page at a time (README, "Audit events"). */
@ApplicationScoped
public class EventRoutes implements AdminRoutes {

    private final AuditRepository events;
    private final AdminReplies replies;

    public EventRoutes(AuditRepository events, AdminReplies replies) {
        this.events = events;
        this.replies = replies;
    }

    @Override
    public void register(Router router) {
        router.route(HttpMethod.GET, "/admin/events").handler(replies.answer(this::find));
    }

    private Uni<AdminReply> find(RoutingContext ctx) {
        AuditQuery query = query(ctx);
        return events.find(query.filter(), query.limit()).map(page -> AdminReply.ok(page(page, query.limit())));
    }

    private static AuditQuery query(RoutingContext ctx) {
        try {
            return AuditQuery.parse(ctx.queryParams()::get);
        } catch (IllegalArgumentException e) {
            throw OAuthException.invalidRequest(e.getMessage());
        }
    }

    /** A full page has a next_cursor, the last id on it; a shorter one is the last page. */
    private static Map<String, Object> page(List<AuditRepository.StoredEvent> page, int limit) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("events", page.stream().map(EventRoutes::event).toList());
        body.put(
                "next_cursor",
                page.size() < limit
                        ? null
                        : Long.toString(page.get(page.size() - 1).id()));
        return body;
    }

    private static Map<String, Object> event(AuditRepository.StoredEvent e) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("id", e.id());
        json.put("time", e.occurredAt().toString());
        json.put("type", e.type());
        json.put("account_id", e.accountId() == null ? null : e.accountId().toString());
        json.put("client_id", e.clientId());
        json.put("address", e.address());
        json.put("user_agent", e.userAgent());
        json.put("details", e.details());
        return json;
    }
}
