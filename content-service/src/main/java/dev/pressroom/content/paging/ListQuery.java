package dev.pressroom.content.paging;

import dev.pressroom.content.filter.Filter;
import dev.pressroom.content.search.SearchQuery;
import java.util.Set;
import java.util.TreeSet;

/**
 * A parsed, validated list request. {@link #canonical()} names the answer it asks for (two spellings of the same
 * request, e.g. limit=all and limit=100, give the same string), which keys the answer cache and the ETag.
 */
public record ListQuery(
        int page,
        int limit,
        String tag,
        String author,
        Boolean featured,
        Filter filter,
        SearchQuery search,
        Order order,
        Selection selection) {

    public int offset() {
        return (page - 1) * limit;
    }

    public boolean filtered() {
        return tag != null || author != null || featured != null || filter != null || search != null;
    }

    public String canonical() {
        return "page=" + page + "&limit=" + limit + "&tag=" + (tag == null ? "" : tag) + "&author="
                + (author == null ? "" : author) + "&featured=" + (featured == null ? "" : featured) + "&filter="
                + (filter == null ? "" : Filter.print(filter)) + "&search="
                + (search == null ? "" : search.canonical()) + "&order="
                + order.name() + "&" + selection.canonical();
    }

    /** Fields, includes and formats: what each post in the answer shows. */
    public record Selection(Set<String> fields, boolean includeTags, boolean includeAuthors, Formats formats) {

        public Selection {
            fields = fields == null ? null : Set.copyOf(fields);
        }

        public static Selection defaults() {
            return new Selection(null, false, false, Formats.HTML);
        }

        /** With a single post the spec always includes its tags and authors. */
        public Selection withIncludes() {
            return new Selection(fields, true, true, formats);
        }

        public boolean shows(String field) {
            return fields == null || fields.contains(field);
        }

        public String canonical() {
            return "fields=" + (fields == null ? "" : String.join(",", new TreeSet<>(fields))) + "&include="
                    + (includeTags ? "t" : "") + (includeAuthors ? "a" : "") + "&formats=" + formats.name();
        }
    }
}
