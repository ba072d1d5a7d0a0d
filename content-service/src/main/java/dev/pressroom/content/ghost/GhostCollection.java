package dev.pressroom.content.ghost;

import static dev.pressroom.content.paging.QueryParser.invalid;
import static dev.pressroom.content.paging.QueryParser.one;

import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.pressroom.content.api.Json;
import java.util.List;
import java.util.Map;

/**
 * Ghost's browse of tags or authors: paginated (15 by default, {@code limit=all} for every one) over our whole list,
 * which is one cached answer of ours; {@code include=count.posts} adds the counts. Our order stays (tags most used
 * first, authors in blog.yaml order). {@code limit} above {@value #MAX_LIMIT} is refused as a page size, as ours are.
 */
record GhostCollection(int page, int limit, boolean all, boolean count) {

    static final int DEFAULT_LIMIT = 15;
    static final int MAX_LIMIT = 100;
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
        boolean all = "all".equals(limit);
        return new GhostCollection(
                number(one(params, "page"), "page", 1, MAX_PAGE),
                all ? MAX_LIMIT : number(limit, "limit", DEFAULT_LIMIT, MAX_LIMIT),
                all,
                counts(one(params, "include")));
    }

    String canonical() {
        return "page=" + page + "&limit=" + (all ? "all" : limit) + "&count=" + count;
    }

    /** One page of {@code ours} (every item with {@code limit=all}) in Ghost's shape, with Ghost's pagination. */
    byte[] page(String key, ArrayNode ours, GhostPeople.ItemWriter shape) {
        int size = all ? Math.max(1, ours.size()) : limit;
        int from = all ? 0 : (int) Math.min(ours.size(), (long) (page - 1) * size);
        int to = Math.min(ours.size(), from + size);
        return Json.bytes(512 + 512 * (to - from), g -> {
            g.writeStartObject();
            g.writeArrayFieldStart(key);
            for (int i = from; i < to; i++) {
                shape.write(g, ours.get(i), count);
            }
            g.writeEndArray();
            GhostShape.writePagination(g, all ? 1 : page, size, all, ours.size());
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
