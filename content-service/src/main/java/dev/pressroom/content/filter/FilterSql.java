package dev.pressroom.content.filter;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Compiles a filter to a SQL condition over the post table (alias {@code p}). Only fixed SQL text comes from here;
 * every value goes through {@code param} (a positional parameter), and field names come from the allowlist.
 */
public final class FilterSql {

    private FilterSql() {
    }

    /** @param param adds a parameter value and answers its placeholder ($n) */
    public static String compile(Filter filter, Function<Object, String> param) {
        if (filter instanceof Filter.Or or) {
            return or.parts().stream().map(p -> compile(p, param)).collect(Collectors.joining(" OR ", "(", ")"));
        }
        if (filter instanceof Filter.And and) {
            return and.parts().stream().map(p -> compile(p, param)).collect(Collectors.joining(" AND ", "(", ")"));
        }
        Filter.Condition c = (Filter.Condition) filter;
        String condition = condition(c, param);
        return c.negated() ? "NOT " + condition : condition;
    }

    private static String condition(Filter.Condition c, Function<Object, String> param) {
        String value = c.op() == Filter.Op.IN ? "ANY (" + param.apply(array(c.field(), c.values())) + ")"
                : param.apply(sqlValue(c.values().get(0)));
        String compare = (c.op() == Filter.Op.IN ? "=" : c.op().sql) + " " + value;
        return switch (c.field()) {
            case TAG, TAGS -> linked("post_tag", "tag", "tag_id", "slug", false, compare);
            case PRIMARY_TAG -> linked("post_tag", "tag", "tag_id", "slug", true, compare);
            case AUTHOR, AUTHORS -> linked("post_author", "author", "author_id", "username", false, compare);
            case PRIMARY_AUTHOR -> linked("post_author", "author", "author_id", "username", true, compare);
            case SLUG -> "(p.slug " + compare + ")";
            case ID -> "(p.id " + compare + ")";
            case FEATURED -> "(p.featured " + compare + ")";
            case PUBLISHED_AT -> "(p.published_at " + compare + ")";
            case UPDATED_AT -> "(p.updated_at " + compare + ")";
            case READING_TIME -> "(p.reading_time " + compare + ")";
            case WORD_COUNT -> "(p.word_count " + compare + ")";
        };
    }

    /** A tag or author condition: some (the primary, position 0) linked row whose slug/username compares. */
    private static String linked(String link, String table, String key, String column, boolean primary, String compare) {
        return "EXISTS (SELECT 1 FROM " + link + " fl JOIN " + table + " ft ON ft.id = fl." + key + " WHERE fl.post_id = p.id"
                + (primary ? " AND fl.position = 0" : "") + " AND ft." + column + " " + compare + ")";
    }

    private static Object sqlValue(Object value) {
        return value instanceof Instant i ? i.atOffset(ZoneOffset.UTC) : value;
    }

    private static Object array(FilterField field, List<Object> values) {
        return switch (field.kind) {
            case SLUG -> values.toArray(String[]::new);
            case BOOLEAN -> values.toArray(Boolean[]::new);
            case NUMBER -> values.toArray(Integer[]::new);
            case DATE -> values.stream().map(v -> ((Instant) v).atOffset(ZoneOffset.UTC)).toArray(java.time.OffsetDateTime[]::new);
        };
    }
}
