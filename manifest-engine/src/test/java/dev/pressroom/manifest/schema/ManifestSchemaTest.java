package dev.pressroom.manifest.schema;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pressroom.manifest.validation.Rule;
import dev.pressroom.manifest.validation.TestManifests;
import dev.pressroom.manifest.validation.Violation;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The published schema is editor help too: every property documented, and every example a valid value. */
class ManifestSchemaTest {

    /** The rules about a value on its own; conditional rules depend on the rest of the manifest. */
    private static final Set<Rule> VALUE_RULES = EnumSet.of(
            Rule.TYPE,
            Rule.PATTERN,
            Rule.LENGTH,
            Rule.ENUM,
            Rule.MINIMUM,
            Rule.MAX_ITEMS,
            Rule.UNIQUE,
            Rule.UNKNOWN_KEY,
            Rule.REQUIRED,
            Rule.SEMVER,
            Rule.SEMVER_RANGE,
            Rule.SEMVER_RANGE_UNSATISFIABLE,
            Rule.PATH,
            Rule.ICON_EXTENSION,
            Rule.HOSTNAME);

    private final JsonNode schema = schemaTree();

    @Test
    void everyPropertyHasDescriptionMarkdownDescriptionAndExamples() {
        List<String> pointers = properties();
        assertThat(pointers).hasSizeGreaterThan(30).contains("/compat/host", "/ui/nav/icon", "/pledge/reason");
        for (String pointer : pointers) {
            JsonNode property = propertySchema(pointer);
            assertThat(property.path("description").asText()).as(pointer).isNotBlank();
            assertThat(property.path("markdownDescription").asText())
                    .as(pointer)
                    .isNotBlank();
            assertThat(property.path("examples").isArray()
                            && !property.path("examples").isEmpty())
                    .as(pointer + " has examples")
                    .isTrue();
        }
    }

    @Test
    void everyExampleIsAValidValueInAValidManifest() {
        for (String pointer : properties()) {
            for (JsonNode example : propertySchema(pointer).path("examples")) {
                byte[] manifest = TestManifests.feature(m -> place(m, pointer, example));
                List<Violation> wrong = TestManifests.validate(manifest).errors().stream()
                        .filter(v -> VALUE_RULES.contains(v.rule()))
                        .filter(v -> v.pointer().startsWith(pointer))
                        .toList();
                assertThat(wrong).as(pointer + " = " + example).isEmpty();
            }
        }
    }

    private static void place(ObjectNode manifest, String pointer, JsonNode value) {
        int slash = pointer.lastIndexOf('/');
        ObjectNode parent = slash == 0 ? manifest : (ObjectNode) manifest.at(pointer.substring(0, slash));
        parent.set(pointer.substring(slash + 1), value.deepCopy());
    }

    /** JSON Pointers (into a manifest) of every property the schema defines, nested ones included. */
    private List<String> properties() {
        List<String> out = new ArrayList<>();
        collect(schema, "", out);
        return out;
    }

    private static void collect(JsonNode node, String pointer, List<String> out) {
        for (Map.Entry<String, JsonNode> property : node.path("properties").properties()) {
            String child = pointer + "/" + property.getKey();
            out.add(child);
            collect(property.getValue(), child, out);
        }
    }

    private JsonNode propertySchema(String pointer) {
        JsonNode node = schema;
        for (String key : pointer.substring(1).split("/", -1)) {
            node = node.path("properties").path(key);
        }
        return node;
    }

    private static JsonNode schemaTree() {
        try {
            return TestManifests.JSON.readTree(ManifestSchema.load().bytes());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
