package dev.pressroom.content.filter;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.pressroom.kernel.error.ApiException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Coverage-guided fuzzing of the filter language: a filter is refused with a 400 or compiles to SQL in which every
 * value is a bound parameter, never text spliced into the statement.
 */
class FilterFuzzTest {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\$([0-9]+)");

    @FuzzTest
    void filterIsRefusedOrCompilesWithEveryValueBound(byte[] text) {
        Filter filter;
        try {
            filter = FilterParser.parse(new String(text, StandardCharsets.UTF_8));
        } catch (ApiException refused) {
            assertThat(refused.status()).isEqualTo(400);
            return;
        }
        List<Object> values = new ArrayList<>();
        String sql = FilterSql.compile(filter, "$1", value -> {
            values.add(value);
            return "$" + (values.size() + 1);
        });

        assertThat(sql).doesNotContain("'", ";", "--", "/*", "\\", "\"");
        Matcher placeholder = PLACEHOLDER.matcher(sql);
        int highest = 1;
        while (placeholder.find()) {
            highest = Math.max(highest, Integer.parseInt(placeholder.group(1)));
        }
        assertThat(highest)
                .as("every value bound and every placeholder used: %s", sql)
                .isEqualTo(values.size() + 1);
        assertThat(values).doesNotContainNull();
    }
}
