package dev.pressroom.content.ghost;

import static dev.pressroom.content.paging.QueryParser.invalid;
import static dev.pressroom.content.paging.QueryParser.one;

import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.pressroom.content.api.Json;
import java.util.List;
import java.util.Map;

/**
 * Ghost's browse of tags or authors: paginated (15 by default) over our whole list, which is one cached answer of
 * ours; {@code include=count.posts} adds the counts. Our order stays (tags most used first, authors in blog.yaml
 * order). As in Ghost 6, {@code limit=all} and any limit above 100 are pages of 100 ({@link GhostQuery#limit}).
 */
record GhostCollection(int page, int limit, boolean count) {

    static final int DEFAULT_LIMIT = 15;
    private static final int MAX_PAGE = 1_000_000;

    static GhostCollection parse(Map<String, List<String>> params) {
        for (String unsupported : List.of("fields", "order")) {
            if (one(params, unsupported) != null) {
                throw invalid(unsupported + " is not supported on tags and authors");
            }
        }
        String filter = one(params, "filter");
        if (filter != null && !filter.strip().equals("visibility:public")) {
            // Every tag and author here is public, so this is the one filter that means something.
            throw invalid("filter on tags and authors takes only visibility:public");
        }
        String limit = one(params, "limit");
        return new GhostCollection(
                number(one(params, "page"), "page", 1, MAX_PAGE),
                number(limit == null ? null : GhostQuery.limit(limit), "limit", DEFAULT_LIMIT, GhostQuery.MAX_LIMIT),
                counts(one(params, "include")));
    }

    String canonical() {
        return "page=" + page + "&limit=" + limit + "&count=" + count;
    }

    /** One page of {@code ours} in Ghost's shape, with Ghost's pagination. */
    byte[] page(String key, ArrayNode ours, GhostPeople.ItemWriter shape) {
        int from = (int) Math.min(ours.size(), (long) (page - 1) * limit);
        int to = Math.min(ours.size(), from + limit);
        return Json.bytes(512 + 512 * (to - from), g -> {
            g.writeStartObject();
            g.writeArrayFieldStart(key);
            for (int i = from; i < to; i++) {
                shape.write(g, ours.get(i), count);
            }
            g.writeEndArray();
            GhostShape.writePagination(g, page, limit, ours.size());
            g.writeEndObject();
        });
    }

    private static boolean counts(String include) {
        if (include == null) {
            return false;
        }
        for (String part : include.split(",", -1)) {
            if (!part.strip().equals("count.posts")) {
                throw invalid("include on tags and authors takes only count.posts");
            }
        }
        return true;
    }

    private static int number(String value, String name, int absent, int max) {
        if (value == null) {
            return absent;
        }
        if (!value.matches("[0-9]{1,7}") || Integer.parseInt(value) < 1 || Integer.parseInt(value) > max) {
            throw invalid(name + " must be a whole number from 1 to " + max);
        }
        return Integer.parseInt(value);
    }
}
