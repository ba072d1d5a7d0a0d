package dev.pressroom.content.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tartarus.snowball.SnowballStemmer;

/**
 * The highlighter marks what the search matched only if its Snowball stemmers stem as PostgreSQL's dictionaries do:
 * compared word by word with ts_lexize (stop words, which PostgreSQL drops, are left out).
 */
@QuarkusTest
class StemmerAgreementTest {

    @Inject
    Pool pool;

    @Test
    void stemWhenEnglishWordsThenSameAsPostgres() {
        assertSameStems(
                "english",
                List.of(
                        "numbers",
                        "numbered",
                        "roasting",
                        "roasted",
                        "tomatoes",
                        "cries",
                        "skies",
                        "dying",
                        "generously",
                        "communication",
                        "happiness",
                        "relational",
                        "conditional",
                        "hopefully",
                        "agreed",
                        "feed",
                        "running",
                        "ties",
                        "gently",
                        "early",
                        "only",
                        "news",
                        "atlas",
                        "kitchens",
                        "recipes",
                        "blackened",
                        "edges",
                        "complaint",
                        "paragraphs",
                        "sections",
                        "pictures",
                        "toasts",
                        "seasoning",
                        "chickpeas",
                        "lentils",
                        "anchovies"));
    }

    @Test
    void stemWhenOtherLanguagesThenSameAsPostgres() {
        assertSameStems(
                "french", List.of("légumes", "mijotés", "longuement", "soupes", "hiver", "cuisinière", "épicées"));
        assertSameStems("german", List.of("Übersetzungen", "häuser", "kochen", "gekocht", "Straße", "Tomaten"));
        assertSameStems("spanish", List.of("árboles", "cocinando", "tomates", "canción"));
        assertSameStems("finnish", List.of("kirjoissa", "taloissamme", "keittiössä"));
        assertSameStems("russian", List.of("ёлками", "книгами", "кухнях"));
    }

    private void assertSameStems(String config, List<String> words) {
        Map<String, String> postgres = new HashMap<>();
        for (Row row : pool.preparedQuery(
                        "SELECT w, (ts_lexize($1::regdictionary, lower(w)))[1] FROM unnest($2::text[]) w")
                .execute(Tuple.of(config + "_stem", words.toArray(String[]::new)))
                .await()
                .indefinitely()) {
            if (row.getString(1) != null) {
                postgres.put(row.getString(0), row.getString(1));
            }
        }
        assertThat(postgres).as("words that are not stop words").isNotEmpty();
        SnowballStemmer stemmer = SearchLanguage.stemmer(config);
        postgres.forEach((word, stem) -> {
            stemmer.setCurrent(word.toLowerCase(Locale.ROOT));
            stemmer.stem();
            assertThat(stemmer.getCurrent()).as(config + " " + word).isEqualTo(stem);
        });
    }
}
