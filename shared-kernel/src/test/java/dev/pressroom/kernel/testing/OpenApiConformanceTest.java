package dev.pressroom.kernel.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class OpenApiConformanceTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final String DOCUMENT = """
            {"paths": {"/things": {"get": {"responses": {"200": {"content": {"application/json": {"schema":
              {"$ref": "#/components/schemas/Things"}}}}}}}},
             "components": {"schemas": {
               "Things": {"type": "object", "required": ["things"], "properties": {
                 "things": {"type": "array", "items": {"$ref": "#/components/schemas/Thing"}}}},
               "Thing": {"type": "object", "properties": {
                 "name": {"type": "string"},
                 "size": {"type": ["integer", "null"]},
                 "extra": {"type": "object", "additionalProperties": true},
                 "owner": {"oneOf": [{"$ref": "#/components/schemas/Short"}, {"$ref": "#/components/schemas/Full"}]}}},
               "Short": {"type": "object", "properties": {"id": {"type": "string"}}},
               "Full": {"type": "object", "properties": {"id": {"type": "string"}, "bio": {"type": "string"}}},
               "Unused": {"type": "object"}}}}
            """;

    private static JsonNode json(String text) throws Exception {
        return JSON.readTree(text);
    }

    @Test
    void checkWhenAnswerMatchesThenNoFindingAndEveryFieldSeen() throws Exception {
        OpenApiConformance conformance = new OpenApiConformance(json(DOCUMENT));

        assertThat(conformance.check(
                        conformance.answerSchema("/things", 200),
                        json("{\"things\": [{\"name\": \"a\", \"size\": null, \"extra\": {\"any\": [1]},"
                                + " \"owner\": {\"id\": \"x\", \"bio\": \"b\"}}, {\"owner\": {\"id\": \"y\"}}]}"),
                        "answer"))
                .isEmpty();
        assertThat(conformance.neverSeen()).isEmpty();
        assertThat(conformance.unreachedComponents()).containsExactly("Unused");
    }

    @Test
    void checkWhenFieldUndocumentedOrMistypedOrRequiredAbsentThenEachIsAFinding() throws Exception {
        OpenApiConformance conformance = new OpenApiConformance(json(DOCUMENT));

        assertThat(conformance.check(conformance.answerSchema("/things", 200), json("{\"other\": 1}"), "answer"))
                .containsExactly("answer.other: not documented", "answer.things: required but absent");
        assertThat(conformance.check(
                        conformance.answerSchema("/things", 200),
                        json(
                                "{\"things\": [{\"name\": 3, \"size\": \"big\", \"owner\": {\"id\": \"x\", \"age\": 2}}]}"),
                        "answer"))
                .containsExactly(
                        "answer.things[0].name: integer where the document says [string]",
                        "answer.things[0].size: string where the document says [integer, null]",
                        "answer.things[0].owner: matches no variant of oneOf");
    }

    @Test
    void neverSeenWhenADocumentedFieldIsInNoAnswerThenItIsNamed() throws Exception {
        OpenApiConformance conformance = new OpenApiConformance(json(DOCUMENT));

        conformance.check(conformance.answerSchema("/things", 200), json("{\"things\": [{\"name\": \"a\"}]}"), "a");

        assertThat(conformance.neverSeen())
                .containsExactly(
                        "#/components/schemas/Thing extra",
                        "#/components/schemas/Thing owner",
                        "#/components/schemas/Thing size");
    }
}
