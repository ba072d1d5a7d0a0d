package dev.pressroom.auth.admin;

import java.util.LinkedHashMap;
import java.util.Map;

/** An admin API answer: status and JSON body (none for 204). Errors are {@code {"error", "error_description"}} and maybe more. */
record AdminReply(int status, Object body) {

    static AdminReply ok(Object body) {
        return new AdminReply(200, body);
    }

    static AdminReply created(Object body) {
        return new AdminReply(201, body);
    }

    /** 204: done, nothing to say. */
    static AdminReply noContent() {
        return new AdminReply(204, null);
    }

    static AdminReply error(int status, String error, String description) {
        return new AdminReply(status, errorBody(error, description));
    }

    /** The error body, for the answers that add members to it. */
    static Map<String, Object> errorBody(String error, String description) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", error);
        body.put("error_description", description);
        return body;
    }
}
