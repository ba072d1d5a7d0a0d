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

    private FilterSql() {}

    /**
     * The SQL condition of a filter over posts.
     *
     * @param param adds a parameter value and answers its placeholder ($n)
     */
    public static String compile(Filter filter, String blogParam, Function<Object, String> param) {
        if (filter instanceof Filter.Or or) {
            return or.parts().stream()
                    .map(p -> compile(p, blogParam, param))
                    .collect(Collectors.joining(" OR ", "(", ")"));
        }
        if (filter instanceof Filter.And and) {
            return and.parts().stream()
                    .map(p -> compile(p, blogParam, param))
                    .collect(Collectors.joining(" AND ", "(", ")"));
        }
        Filter.Condition c = (Filter.Condition) filter;
        String condition = condition(c, blogParam, param);
        return c.negated() ? "NOT " + condition : condition;
    }

    private static String condition(Filter.Condition c, String blogParam, Function<Object, String> param) {
        String value = c.op() == Filter.Op.IN
                ? "ANY (" + param.apply(array(c.field(), c.values())) + ")"
                : param.apply(sqlValue(c.values().get(0)));
        String compare = (c.op() == Filter.Op.IN ? "=" : c.op().sql) + " " + value;
        return switch (c.field()) {
            case TAG, TAGS -> linked("post_tag", "tag", "tag_id", "slug", false, blogParam, compare);
            case PRIMARY_TAG -> linked("post_tag", "tag", "tag_id", "slug", true, blogParam, compare);
            case AUTHOR, AUTHORS -> linked("post_author", "author", "author_id", "username", false, blogParam, compare);
            case PRIMARY_AUTHOR -> linked("post_author", "author", "author_id", "username", true, blogParam, compare);
            case SLUG -> "(p.slug " + compare + ")";
            case ID -> "(p.id " + compare + ")";
            case FEATURED -> "(p.featured " + compare + ")";
            case PUBLISHED_AT -> "(p.published_at " + compare + ")";
            case UPDATED_AT -> "(p.updated_at " + compare + ")";
            case READING_TIME -> "(p.reading_time " + compare + ")";
            case WORD_COUNT -> "(p.word_count " + compare + ")";
        };
    }

    /**
     * A tag or author condition: the post is among the listed posts linked to the matching tags/authors (as primary,
     * position 0, if asked). The ids come from the link table's listed index, so PostgreSQL hashes them once instead
     * of probing per post; lists only contain listed posts, whose links are listed too.
     */
    private static String linked(
            String link, String table, String key, String column, boolean primary, String blogParam, String compare) {
        return "(p.id IN (SELECT fl.post_id FROM " + link + " fl WHERE fl.listed AND fl." + key
                + " = ANY (ARRAY(SELECT ft.id FROM "
                + table + " ft WHERE ft.blog_id = " + blogParam + " AND ft." + column + " " + compare + "))"
                + (primary ? " AND fl.position = 0" : "") + "))";
    }

    private static Object sqlValue(Object value) {
        return value instanceof Instant i ? i.atOffset(ZoneOffset.UTC) : value;
    }

    private static Object array(FilterField field, List<Object> values) {
        return switch (field.kind) {
            case SLUG -> values.toArray(String[]::new);
            case BOOLEAN -> values.toArray(Boolean[]::new);
            case NUMBER -> values.toArray(Integer[]::new);
            case DATE ->
                values.stream()
                        .map(v -> ((Instant) v).atOffset(ZoneOffset.UTC))
                        .toArray(java.time.OffsetDateTime[]::new);
        };
    }
}
