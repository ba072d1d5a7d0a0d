package dev.pressroom.content.filter;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random filter trees over a blog's values (seeded, so a failure replays), and random spellings of them: quoted or
 * bare values, plural field names, spaces, '+' or a space for AND, redundant parentheses. Same-kind nodes never nest
 * directly, so a spelling parses back to exactly the tree.
 */
public final class FilterGenerator {

    private static final FilterField[] FIELDS = {
        FilterField.TAG,
        FilterField.PRIMARY_TAG,
        FilterField.AUTHOR,
        FilterField.PRIMARY_AUTHOR,
        FilterField.SLUG,
        FilterField.ID,
        FilterField.FEATURED,
        FilterField.PUBLISHED_AT,
        FilterField.UPDATED_AT,
        FilterField.READING_TIME,
        FilterField.WORD_COUNT
    };
    private static final Filter.Op[] ORDERED = Filter.Op.values();

    private final Random random;
    private final TestBlogModel blog;

    public FilterGenerator(Random random, TestBlogModel blog) {
        this.random = random;
        this.blog = blog;
    }

    public Filter tree(int depth) {
        return node(depth, random.nextBoolean());
    }

    private Filter node(int depth, boolean and) {
        if (depth == 0 || random.nextInt(3) == 0) {
            return condition();
        }
        List<Filter> parts = new ArrayList<>();
        int n = 2 + random.nextInt(2);
        for (int i = 0; i < n; i++) {
            parts.add(random.nextInt(3) == 0 ? node(depth - 1, !and) : condition());
        }
        return and ? new Filter.And(parts) : new Filter.Or(parts);
    }

    private Filter.Condition condition() {
        FilterField field = FIELDS[random.nextInt(FIELDS.length)];
        boolean negated = random.nextInt(4) == 0;
        Filter.Op op;
        if (random.nextInt(4) == 0) {
            op = Filter.Op.IN;
        } else if (field.kind.ordered()) {
            op = ORDERED[random.nextInt(ORDERED.length - 1)];
        } else {
            op = Filter.Op.EQ;
        }
        int count = op == Filter.Op.IN ? 1 + random.nextInt(3) : 1;
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            values.add(value(field));
        }
        return new Filter.Condition(field, negated, op, values);
    }

    private Object value(FilterField field) {
        TestBlogModel.Post post = blog.posts().get(random.nextInt(blog.posts().size()));
        return switch (field) {
            case TAG, TAGS, PRIMARY_TAG -> random.nextInt(8) == 0 ? "no-such-tag" : pick(blog.tagSlugs());
            case AUTHOR, AUTHORS, PRIMARY_AUTHOR -> random.nextInt(8) == 0 ? "nobody" : pick(blog.usernames());
            case SLUG -> post.slug();
            case ID -> post.id();
            case FEATURED -> random.nextBoolean();
            case PUBLISHED_AT -> date(post.publishedAt());
            case UPDATED_AT -> date(post.updatedAt());
            case READING_TIME ->
                post.readingTime() + random.nextInt(3) - 1 < 0 ? 0 : post.readingTime() + random.nextInt(3) - 1;
            case WORD_COUNT -> post.wordCount();
        };
    }

    /** A post's exact time (equality hits), or a midnight near it. */
    private Instant date(Instant near) {
        return random.nextBoolean()
                ? near
                : near.minusSeconds(near.getEpochSecond() % 86_400).plusSeconds(86_400L * (random.nextInt(3) - 1));
    }

    private String pick(List<String> values) {
        return values.get(random.nextInt(values.size()));
    }

    public String spell(Filter filter) {
        if (filter instanceof Filter.Or or) {
            return join(or.parts(), ",", false);
        }
        if (filter instanceof Filter.And and) {
            return join(and.parts(), random.nextBoolean() ? "+" : " ", true);
        }
        Filter.Condition c = (Filter.Condition) filter;
        String name = c.field() == FilterField.TAG && random.nextBoolean()
                ? "tags"
                : c.field() == FilterField.AUTHOR && random.nextBoolean() ? "authors" : c.field().name;
        StringBuilder text = new StringBuilder(name).append(':').append(c.negated() ? "-" : "");
        if (c.op() == Filter.Op.IN) {
            text.append('[');
            for (int i = 0; i < c.values().size(); i++) {
                text.append(i == 0 ? "" : random.nextBoolean() ? "," : ", ")
                        .append(literal(c.values().get(i)));
            }
            text.append(']');
        } else {
            text.append(c.op().text).append(literal(c.values().get(0)));
        }
        String condition = text.toString();
        return random.nextInt(6) == 0 ? "(" + condition + ")" : condition;
    }

    private String join(List<Filter> parts, String separator, boolean parenthesiseOr) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < parts.size(); i++) {
            String part = spell(parts.get(i));
            boolean parens = (parts.get(i) instanceof Filter.Or && parenthesiseOr)
                    || (!(parts.get(i) instanceof Filter.Condition) && random.nextInt(3) == 0);
            text.append(i == 0 ? "" : separator).append(parens ? "(" + part + ")" : part);
        }
        return text.toString();
    }

    private String literal(Object value) {
        if (value instanceof Instant instant) {
            return "'"
                    + (random.nextBoolean()
                            ? instant.toString()
                            : instant.toString().replace('T', ' ').replace("Z", ""))
                    + "'";
        }
        if (value instanceof String s && (random.nextBoolean() || !s.matches("[a-zA-Z0-9_.][a-zA-Z0-9_.-]*"))) {
            return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'";
        }
        return String.valueOf(value);
    }
}
