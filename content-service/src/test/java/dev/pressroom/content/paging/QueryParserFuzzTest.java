package dev.pressroom.content.paging;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.pressroom.kernel.error.ApiException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Coverage-guided fuzzing of the list query parser: any query string is a 400 or a query within the API's bounds. */
class QueryParserFuzzTest {

    private static final QueryParser PARSER = new QueryParser(Set.of("title", "slug", "excerpt", "published_at"));
    private static final String[] NAMES = {
        "page",
        "limit",
        "tag",
        "author",
        "featured",
        "filter",
        "search",
        "order",
        "fields",
        "include",
        "formats",
        "key",
        "x"
    };

    @FuzzTest
    void queryIsRefusedOrWithinBounds(FuzzedDataProvider data) {
        Map<String, List<String>> params = new HashMap<>();
        int count = data.consumeInt(0, 8);
        for (int i = 0; i < count; i++) {
            params.computeIfAbsent(data.pickValue(NAMES), name -> new ArrayList<>())
                    .add(data.consumeString(300));
        }
        ListQuery query;
        try {
            query = PARSER.list(params);
        } catch (ApiException refused) {
            assertThat(refused.status()).isEqualTo(400);
            return;
        }
        assertThat(query.limit()).isBetween(1, QueryParser.MAX_LIMIT);
        assertThat(query.page()).isBetween(1, QueryParser.MAX_PAGE);
    }
}
