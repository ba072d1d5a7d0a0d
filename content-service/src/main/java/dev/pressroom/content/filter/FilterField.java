package dev.pressroom.content.filter;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The fields a filter may name (an allowlist: nothing else reaches SQL), with the kind of value each takes. */
public enum FilterField {
    TAG("tag", Kind.SLUG),
    TAGS("tags", Kind.SLUG),
    PRIMARY_TAG("primary_tag", Kind.SLUG),
    AUTHOR("author", Kind.SLUG),
    AUTHORS("authors", Kind.SLUG),
    PRIMARY_AUTHOR("primary_author", Kind.SLUG),
    SLUG("slug", Kind.SLUG),
    ID("id", Kind.SLUG),
    FEATURED("featured", Kind.BOOLEAN),
    PUBLISHED_AT("published_at", Kind.DATE),
    UPDATED_AT("updated_at", Kind.DATE),
    READING_TIME("reading_time", Kind.NUMBER),
    WORD_COUNT("word_count", Kind.NUMBER);

    /** What values a field compares with; only dates and numbers are ordered. */
    public enum Kind {
        SLUG,
        BOOLEAN,
        DATE,
        NUMBER;

        boolean ordered() {
            return this == DATE || this == NUMBER;
        }
    }

    public final String name;
    public final Kind kind;

    FilterField(String name, Kind kind) {
        this.name = name;
        this.kind = kind;
    }

    static Optional<FilterField> of(String name) {
        return Arrays.stream(values())
                .filter(f -> f.name.equals(name.toLowerCase(Locale.ROOT)))
                .findFirst();
    }

    /** tags/authors are Ghost's plural spellings of tag/author: one meaning, one canonical name. */
    public FilterField canonical() {
        return switch (this) {
            case TAGS -> TAG;
            case AUTHORS -> AUTHOR;
            default -> this;
        };
    }
}
