package dev.pressroom.content.paging;

import java.util.Arrays;
import java.util.Optional;

/** The four list orders of the spec, with the SQL that each one's index serves (id breaks ties, so pages are stable). */
public enum Order {
    PUBLISHED_DESC("published_at desc", "{a}.published_at DESC, {a}.id DESC", true),
    PUBLISHED_ASC("published_at asc", "{a}.published_at ASC, {a}.id ASC", true),
    TITLE_ASC("title asc", "{a}.title ASC, {a}.id ASC", false),
    UPDATED_DESC("updated_at desc", "{a}.updated_at DESC, {a}.id DESC", false),
    /** Search only: title matches first, then ts_rank; {@link #sql} is its tie-break (newest first). */
    RELEVANCE("relevance", "{a}.published_at DESC, {a}.id DESC", false);

    private final String value;
    private final String sql;
    private final boolean byPublished;

    Order(String value, String sql, boolean byPublished) {
        this.value = value;
        this.sql = sql;
        this.byPublished = byPublished;
    }

    public String value() {
        return value;
    }

    /** ORDER BY over the post table's columns, prefixed with {@code alias}. */
    public String sql(String alias) {
        return sql.replace("{a}", alias);
    }

    /** ORDER BY over a link table (post_tag, post_author), which copies published_at; only for published orders. */
    public String linkSql(String alias) {
        return sql.replace("{a}.id", "{a}.post_id").replace("{a}", alias);
    }

    /** True when a tag or author link table (which copies published_at) can drive the order. */
    public boolean byPublished() {
        return byPublished;
    }

    static Optional<Order> parse(String text) {
        String normalized = text.strip().replaceAll("\\s+", " ").toLowerCase(java.util.Locale.ROOT);
        return Arrays.stream(values()).filter(o -> o.value.equals(normalized)).findFirst();
    }
}
