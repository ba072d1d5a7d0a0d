package dev.pressroom.content.filter;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A blog as plain Java values, and the reference meaning of a filter over it: what the SQL compilation must agree
 * with. Tags and authors are in order (the first is the primary one).
 */
public record TestBlogModel(List<Post> posts, List<String> tagSlugs, List<String> usernames) {

    public record Post(
            String id,
            String slug,
            List<String> tags,
            List<String> authors,
            boolean featured,
            Instant publishedAt,
            Instant updatedAt,
            int readingTime,
            int wordCount) {}

    /** A model without a database, for the parser's tests (ids are fake). */
    static TestBlogModel sample() {
        Random random = new Random(7);
        List<Post> posts = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            Instant published = Instant.parse("2025-01-01T00:00:00Z").plusSeconds(86_400L * random.nextInt(300));
            posts.add(new Post(
                    String.format("%024x", i),
                    "post-" + i,
                    List.of("soup"),
                    List.of("ana"),
                    random.nextBoolean(),
                    published,
                    published.plusSeconds(3600),
                    1 + random.nextInt(4),
                    random.nextInt(900)));
        }
        return new TestBlogModel(posts, List.of("soup", "salad", "bread"), List.of("ana", "ben"));
    }

    public static boolean matches(Filter filter, Post post) {
        if (filter instanceof Filter.And and) {
            return and.parts().stream().allMatch(f -> matches(f, post));
        }
        if (filter instanceof Filter.Or or) {
            return or.parts().stream().anyMatch(f -> matches(f, post));
        }
        Filter.Condition c = (Filter.Condition) filter;
        return c.negated() != holds(c, post);
    }

    private static boolean holds(Filter.Condition c, Post post) {
        return switch (c.field()) {
            case TAG, TAGS -> post.tags().stream().anyMatch(t -> compare(c, t));
            case PRIMARY_TAG -> !post.tags().isEmpty() && compare(c, post.tags().get(0));
            case AUTHOR, AUTHORS -> post.authors().stream().anyMatch(a -> compare(c, a));
            case PRIMARY_AUTHOR -> compare(c, post.authors().get(0));
            case SLUG -> compare(c, post.slug());
            case ID -> compare(c, post.id());
            case FEATURED -> compare(c, post.featured());
            case PUBLISHED_AT -> compare(c, post.publishedAt());
            case UPDATED_AT -> compare(c, post.updatedAt());
            case READING_TIME -> compare(c, post.readingTime());
            case WORD_COUNT -> compare(c, post.wordCount());
        };
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static boolean compare(Filter.Condition c, Object actual) {
        if (c.op() == Filter.Op.IN) {
            return c.values().contains(actual);
        }
        int order = ((Comparable) actual).compareTo(c.values().get(0));
        return switch (c.op()) {
            case EQ -> order == 0;
            case GT -> order > 0;
            case GTE -> order >= 0;
            case LT -> order < 0;
            case LTE -> order <= 0;
            case IN -> throw new IllegalStateException();
        };
    }
}
