package dev.pressroom.content.importer;

import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;

/**
 * schema.org JSON-LD of a post: a BlogPosting (WebPage for pages), plus a Recipe with aggregateRating for recipes.
 * Themes paste it into {@code <script type="application/ld+json">}, where a title holding {@code </script>} would end
 * the element: {@code <}, {@code >} and {@code &} are written as JSON's six-character unicode escapes (backslash, u,
 * 003C), as Rails' json_escape and Next.js's JSON-LD guide do; any JSON parser reads the same strings.
 */
final class JsonLd {

    private static final ObjectMapper JSON = new ObjectMapper(
            new JsonFactoryBuilder().characterEscapes(new ScriptSafe()).build());
    private static final Map<String, String> DIETS = Map.ofEntries(
            Map.entry("vegan", "VeganDiet"),
            Map.entry("vegetarian", "VegetarianDiet"),
            Map.entry("gluten-free", "GlutenFreeDiet"),
            Map.entry("low-fat", "LowFatDiet"),
            Map.entry("low-salt", "LowSaltDiet"),
            Map.entry("low-calorie", "LowCalorieDiet"),
            Map.entry("low-lactose", "LowLactoseDiet"),
            Map.entry("diabetic", "DiabeticDiet"),
            Map.entry("halal", "HalalDiet"),
            Map.entry("kosher", "KosherDiet"),
            Map.entry("hindu", "HinduDiet"));

    private JsonLd() {}

    static String of(
            String type,
            String title,
            String url,
            Instant published,
            Instant updated,
            String image,
            String description,
            List<BlogPlan.AuthorPlan> authors,
            List<BlogPlan.TagPlan> tags,
            String blogTitle,
            int words,
            ObjectNode recipe,
            PostBuilder.Rating rating,
            FrontMatter.Recipe source) {
        ArrayNode entries = JSON.createArrayNode();
        ObjectNode article = entries.addObject()
                .put("@context", "https://schema.org")
                .put("@type", "post".equals(type) ? "BlogPosting" : "WebPage")
                .put("headline", title)
                .put("url", url)
                .put("mainEntityOfPage", url)
                .put("description", description)
                .put("wordCount", words);
        dates(article, published, updated);
        if (image != null) {
            article.put("image", image);
        }
        article.set("author", people(authors));
        article.putObject("publisher").put("@type", "Organization").put("name", blogTitle);
        if (!tags.isEmpty()) {
            article.put(
                    "keywords",
                    String.join(", ", tags.stream().map(BlogPlan.TagPlan::name).toList()));
        }
        if (recipe != null) {
            entries.add(recipe(title, url, published, image, description, authors, recipe, rating, source));
        }
        try {
            return JSON.writeValueAsString(entries);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("JSON-LD of " + url, e);
        }
    }

    private static ObjectNode recipe(
            String title,
            String url,
            Instant published,
            String image,
            String description,
            List<BlogPlan.AuthorPlan> authors,
            ObjectNode recipe,
            PostBuilder.Rating rating,
            FrontMatter.Recipe source) {
        ObjectNode entry = JSON.createObjectNode()
                .put("@context", "https://schema.org")
                .put("@type", "Recipe")
                .put("name", title)
                .put("url", url)
                .put("description", description);
        if (image != null) {
            entry.put("image", image);
        }
        entry.set("author", people(authors));
        dates(entry, published, null);
        int minutes = recipe.get("total_min").asInt();
        entry.put(
                "totalTime",
                "PT" + (minutes / 60 > 0 ? minutes / 60 + "H" : "") + (minutes % 60 > 0 ? minutes % 60 + "M" : ""));
        entry.set("recipeCategory", recipe.get("course"));
        entry.set("recipeCuisine", recipe.get("cuisine"));
        ArrayNode diets = JSON.createArrayNode();
        source.diet().stream()
                .map(DIETS::get)
                .filter(d -> d != null)
                .forEach(d -> diets.add("https://schema.org/" + d));
        if (!diets.isEmpty()) {
            entry.set("suitableForDiet", diets);
        }
        // schema.org/Google: an aggregateRating needs at least one rating, so a recipe nobody rated yet has none.
        if (rating.count() > 0) {
            entry.putObject("aggregateRating")
                    .put("@type", "AggregateRating")
                    .put("ratingValue", rating.average())
                    .put("ratingCount", rating.count())
                    .put("reviewCount", rating.reviews())
                    .put("bestRating", 5)
                    .put("worstRating", 1);
        }
        return entry;
    }

    private static ArrayNode people(List<BlogPlan.AuthorPlan> authors) {
        ArrayNode people = JSON.createArrayNode();
        authors.forEach(a ->
                people.addObject().put("@type", "Person").put("name", a.name()).put("url", a.url()));
        return people;
    }

    private static void dates(ObjectNode node, Instant published, Instant updated) {
        if (published != null) {
            node.put("datePublished", DateTimeFormatter.ISO_INSTANT.format(published));
        }
        if (updated != null) {
            node.put("dateModified", DateTimeFormatter.ISO_INSTANT.format(updated));
        }
    }

    /** JSON's own escapes, plus the three characters that let a string end or start markup around it. */
    private static final class ScriptSafe extends CharacterEscapes {

        private final int[] escapes = standardAsciiEscapesForJSON();

        ScriptSafe() {
            escapes['<'] = ESCAPE_STANDARD;
            escapes['>'] = ESCAPE_STANDARD;
            escapes['&'] = ESCAPE_STANDARD;
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return escapes.clone();
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            return null;
        }
    }
}
