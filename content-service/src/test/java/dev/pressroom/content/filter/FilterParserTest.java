package dev.pressroom.content.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pressroom.content.filter.Filter.And;
import dev.pressroom.content.filter.Filter.Condition;
import dev.pressroom.content.filter.Filter.Op;
import dev.pressroom.content.filter.Filter.Or;
import dev.pressroom.kernel.error.ApiException;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class FilterParserTest {

    private static Condition tag(String slug) {
        return new Condition(FilterField.TAG, false, Op.EQ, List.of(slug));
    }

    @Test
    void parseWhenGhostExamplesThenTrees() {
        assertThat(FilterParser.parse("tag:recipes+featured:true"))
                .isEqualTo(new And(
                        List.of(tag("recipes"), new Condition(FilterField.FEATURED, false, Op.EQ, List.of(true)))));
        assertThat(FilterParser.parse("tag:[soup,salad]"))
                .isEqualTo(new Condition(FilterField.TAG, false, Op.IN, List.of("soup", "salad")));
        assertThat(FilterParser.parse("published_at:>'2025-01-01'"))
                .isEqualTo(new Condition(
                        FilterField.PUBLISHED_AT, false, Op.GT, List.of(Instant.parse("2025-01-01T00:00:00Z"))));
        assertThat(FilterParser.parse("author:-jane"))
                .isEqualTo(new Condition(FilterField.AUTHOR, true, Op.EQ, List.of("jane")));
    }

    @Test
    void parseWhenCommaAndPlusThenAndBindsTighterAndParenthesesGroup() {
        assertThat(FilterParser.parse("tag:a,tag:b+tag:c"))
                .isEqualTo(new Or(List.of(tag("a"), new And(List.of(tag("b"), tag("c"))))));
        assertThat(FilterParser.parse("(tag:a,tag:b)+tag:c"))
                .isEqualTo(new And(List.of(new Or(List.of(tag("a"), tag("b"))), tag("c"))));
    }

    @Test
    void parseWhenQueryStringPlusBecameSpaceThenAnd() {
        assertThat(FilterParser.parse("tag:a featured:true")).isEqualTo(FilterParser.parse("tag:a+featured:true"));
        assertThat(FilterParser.parse(" tag:a , tag:b ")).isEqualTo(new Or(List.of(tag("a"), tag("b"))));
    }

    @Test
    void parseWhenQuotedThenEscapesAndPluralsAndDatesNormalised() {
        assertThat(FilterParser.parse("tags:'it\\'s'")).isEqualTo(tag("it's"));
        assertThat(FilterParser.parse("updated_at:<='2025-03-01 10:00:00'"))
                .isEqualTo(FilterParser.parse("updated_at:<='2025-03-01T11:00:00+01:00'"));
    }

    @Test
    void parseWhenMalformedThenInvalidFilterWithPosition() {
        assertError("tag:", "position 5", "expected a value");
        assertError("tag:a+", "position 7", "expected a field name");
        assertError("colour:red", "position 1", "unknown field 'colour'");
        assertError("tag:a)", "position 6", "no matching '('");
        assertError("(tag:a", "position 1", "never closed");
        assertError("tag:'a", "position 5", "quote is never closed");
        assertError("tag:>a", "position 5", "cannot be compared");
        assertError("featured:yes", "position 10", "true or false");
        assertError("published_at:>'2025-13-01'", "position 15", "takes a date");
        assertError("reading_time:>-1", "position 15", "whole number");
        assertError("tag:[a,]", "position 8", "expected a value");
        assertError("tag:[a,b", "position 5", "never closed");
        assertError("tag a", "position 4", "expected ':'");
        assertError("", "position 1", "empty");
        assertError("(".repeat(20) + "tag:a" + ")".repeat(20), "position 17", "deeper");
    }

    private static void assertError(String filter, String position, String reason) {
        assertThatThrownBy(() -> FilterParser.parse(filter)).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.getMessage()).contains(position).contains(reason);
        });
    }

    @Test
    void printWhenRandomTreesThenParsesBackToSameTree() {
        Random random = new Random(20261121);
        FilterGenerator generator = new FilterGenerator(random, TestBlogModel.sample());
        for (int i = 0; i < 2_000; i++) {
            Filter tree = generator.tree(3);
            String spelling = generator.spell(tree);
            assertThat(FilterParser.parse(spelling)).as(spelling).isEqualTo(tree);
            assertThat(FilterParser.parse(Filter.print(tree)))
                    .as(Filter.print(tree))
                    .isEqualTo(tree);
        }
    }
}
