package dev.pressroom.content.paging;

import dev.pressroom.content.filter.Filter;
import dev.pressroom.content.filter.FilterParser;
import dev.pressroom.content.search.SearchQuery;
import dev.pressroom.kernel.error.ApiException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Query parameters of the list and single-item endpoints, checked strictly: a malformed value is a 400 naming the
 * parameter, never a silent default. A parameter given twice is refused too, as its meaning would be ambiguous.
 */
public final class QueryParser {

    public static final int MAX_LIMIT = 100;
    public static final int DEFAULT_LIMIT = 15;
    /** Deep enough for a 100,000-post blog at limit 1; beyond, offsets stop being meaningful work. */
    public static final int MAX_PAGE = 1_000_000;
    /** The extra field of search answers: a snippet of the body with the matches in {@code <mark>}. */
    public static final String SEARCH_HIGHLIGHT = "search_highlight";

    private static final String SLUG = "[a-z0-9](?:[a-z0-9-]{0,98}[a-z0-9])?";

    private final Set<String> knownFields;

    /** @param knownFields the field names {@code fields} may list */
    public QueryParser(Set<String> knownFields) {
        this.knownFields = Set.copyOf(knownFields);
    }

    public ListQuery list(Map<String, List<String>> params) {
        String searchText = one(params, "search");
        SearchQuery search = searchText == null ? null : SearchQuery.parse(searchText);
        return new ListQuery(
                page(one(params, "page")),
                limit(one(params, "limit")),
                slug(params, "tag"),
                slug(params, "author"),
                featured(one(params, "featured")),
                filter(one(params, "filter")),
                search,
                order(one(params, "order"), search != null),
                selection(params, search != null));
    }

    /** Fields, include and formats of a single post or page (no search there). */
    public ListQuery.Selection selection(Map<String, List<String>> params) {
        return selection(params, false);
    }

    private ListQuery.Selection selection(Map<String, List<String>> params, boolean searching) {
        String include = one(params, "include");
        boolean tags = false;
        boolean authors = false;
        if (include != null) {
            for (String part : include.split(",", -1)) {
                switch (part.strip()) {
                    case "tags" -> tags = true;
                    case "authors" -> authors = true;
                    default -> throw invalid("include takes tags, authors or tags,authors");
                }
            }
        }
        Set<String> fields = fields(one(params, "fields"));
        if (!searching && fields != null && fields.contains(SEARCH_HIGHLIGHT)) {
            throw invalid(SEARCH_HIGHLIGHT + " exists only in answers to search");
        }
        return new ListQuery.Selection(fields, tags, authors, formats(one(params, "formats")));
    }

    private static int page(String value) {
        if (value == null) {
            return 1;
        }
        if (!value.matches("[0-9]{1,7}") || Integer.parseInt(value) < 1 || Integer.parseInt(value) > MAX_PAGE) {
            throw invalid("page must be a whole number from 1 to " + MAX_PAGE);
        }
        return Integer.parseInt(value);
    }

    private static int limit(String value) {
        if (value == null) {
            return DEFAULT_LIMIT;
        }
        if (value.equals("all")) {
            return MAX_LIMIT;
        }
        if (!value.matches("[0-9]{1,3}") || Integer.parseInt(value) < 1 || Integer.parseInt(value) > MAX_LIMIT) {
            throw invalid("limit must be a whole number from 1 to 100, or all");
        }
        return Integer.parseInt(value);
    }

    private static String slug(Map<String, List<String>> params, String name) {
        String value = one(params, name);
        if (value != null && !value.matches(SLUG)) {
            throw invalid(name + " must be a slug (lowercase letters, digits and dashes)");
        }
        return value;
    }

    private static Boolean featured(String value) {
        if (value == null) {
            return null;
        }
        return switch (value) {
            case "true" -> Boolean.TRUE;
            case "false" -> Boolean.FALSE;
            default -> throw invalid("featured must be true or false");
        };
    }

    private static Filter filter(String value) {
        return value == null ? null : FilterParser.parse(value);
    }

    private static Order order(String value, boolean searching) {
        if (value == null) {
            return searching ? Order.RELEVANCE : Order.PUBLISHED_DESC;
        }
        return Order.parse(value)
                .filter(o -> searching || o != Order.RELEVANCE)
                .orElseThrow(() ->
                        invalid("order must be one of: published_at desc, published_at asc, title asc, updated_at desc"
                                + (searching ? ", relevance" : " (relevance only with search)")));
    }

    private Set<String> fields(String value) {
        if (value == null) {
            return null;
        }
        Set<String> fields = new LinkedHashSet<>();
        for (String part : value.split(",", -1)) {
            String field = part.strip();
            if (!knownFields.contains(field)) {
                throw invalid("unknown field '" + field + "' in fields");
            }
            fields.add(field);
        }
        return fields;
    }

    private static Formats formats(String value) {
        if (value == null) {
            return Formats.HTML;
        }
        try {
            return Formats.valueOf(value.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw invalid("formats must be html, markdown or both");
        }
    }

    /** The one value of a parameter, null when absent; a parameter given twice is a 400. */
    public static String one(Map<String, List<String>> params, String name) {
        List<String> values = params.get(name);
        if (values == null || values.isEmpty()) {
            return null;
        }
        if (values.size() > 1) {
            throw invalid("parameter " + name + " is given more than once");
        }
        return values.get(0);
    }

    public static ApiException invalid(String message) {
        return ApiException.badRequest("invalid_parameter", message);
    }
}
