package dev.pressroom.content.paging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pressroom.kernel.error.ApiException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class QueryParserTest {

    private final QueryParser parser = new QueryParser(Set.of("title", "url", "html", "tags", "authors"));

    @Test
    void listWhenNoParametersThenDefaults() {
        ListQuery q = parser.list(Map.of());
        assertThat(q.page()).isEqualTo(1);
        assertThat(q.limit()).isEqualTo(15);
        assertThat(q.order()).isEqualTo(Order.PUBLISHED_DESC);
        assertThat(q.selection().formats()).isEqualTo(Formats.HTML);
    }

    @Test
    void listWhenLimitAllThenSameAnswerAsLimit100() {
        assertThat(parser.list(Map.of("limit", List.of("all"))).canonical())
                .isEqualTo(parser.list(Map.of("limit", List.of("100"))).canonical());
    }

    @Test
    void listWhenFieldsInAnotherOrderThenSameCanonical() {
        assertThat(parser.list(Map.of("fields", List.of("url,title"))).canonical())
                .isEqualTo(parser.list(Map.of("fields", List.of("title,url"))).canonical());
    }

    @Test
    void listWhenOrdersThenParsed() {
        assertThat(parser.list(Map.of("order", List.of("title asc"))).order()).isEqualTo(Order.TITLE_ASC);
        assertThat(parser.list(Map.of("order", List.of("published_at  ASC"))).order())
                .isEqualTo(Order.PUBLISHED_ASC);
        assertThat(parser.list(Map.of("order", List.of("updated_at desc"))).order())
                .isEqualTo(Order.UPDATED_DESC);
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource({
        "limit,0",
        "limit,101",
        "limit,-1",
        "limit,ten",
        "page,0",
        "page,-2",
        "page,1.5",
        "page,99999999",
        "order,bogus",
        "order,title desc",
        "fields,nope",
        "fields,'title,'",
        "formats,pdf",
        "featured,yes",
        "include,comments",
        "tag,Bad Tag",
        "author,<x>"
    })
    void listWhenMalformedThenBadRequest(String name, String value) {
        assertThatThrownBy(() -> parser.list(Map.of(name, List.of(value))))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.code()).isEqualTo("invalid_parameter");
                });
    }

    @Test
    void listWhenParameterRepeatedThenBadRequest() {
        assertThatThrownBy(() -> parser.list(Map.of("limit", List.of("1", "2"))))
                .hasMessageContaining("more than once");
    }

    @Test
    void selectionWhenIncludeBothThenTagsAndAuthors() {
        ListQuery.Selection s =
                parser.selection(Map.of("include", List.of("tags,authors"), "formats", List.of("both")));
        assertThat(s.includeTags()).isTrue();
        assertThat(s.includeAuthors()).isTrue();
        assertThat(s.formats()).isEqualTo(Formats.BOTH);
    }
}
