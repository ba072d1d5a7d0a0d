package dev.pressroom.content.post;

import dev.pressroom.content.paging.ListQuery;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The fields one answer shows, from fields/formats/include, and the SQL select list that feeds exactly them. */
final class PostSelection {

    final List<PostField> fields;
    final boolean fullTags;
    final boolean authors;
    final String sql;

    PostSelection(ListQuery.Selection selection) {
        this.fields = Arrays.stream(PostField.values())
                .filter(f -> shows(selection, f))
                .toList();
        this.fullTags = selection.includeTags() && fields.contains(PostField.TAGS);
        this.authors = selection.includeAuthors() && selection.shows("authors");
        // The id is always read: include=tags/authors joins on it even when fields leaves it out.
        this.sql = Stream.concat(Stream.of("p.id AS post_id"), fields.stream().map(f -> f.sql))
                .collect(Collectors.joining(", "));
    }

    private static boolean shows(ListQuery.Selection selection, PostField field) {
        if ((field == PostField.HTML && !selection.formats().html())
                || (field == PostField.MARKDOWN && !selection.formats().markdown())) {
            return false;
        }
        return selection.shows(field.name);
    }
}
