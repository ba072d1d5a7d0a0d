package dev.pressroom.kernel.testing;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Walks real JSON answers against the schemas of an OpenAPI 3.1 document, both ways: every field of an answer must
 * be documented with its type (else a finding), and every documented property must turn up in some answer walked
 * (else {@link #neverSeen()} names it). An object schema with {@code additionalProperties} is free-form: its extra
 * fields are walked against that schema, or not at all when it is {@code true}. {@code oneOf} takes the first
 * variant the value conforms to.
 */
public final class OpenApiConformance {

    private final JsonNode document;
    private final Set<String> declared = new TreeSet<>();
    private final Set<String> seen = new TreeSet<>();
    private final Set<String> reachedComponents = new TreeSet<>();

    public OpenApiConformance(JsonNode document) {
        this.document = document;
    }

    /** The schema of the JSON answer {@code status} to GET {@code template}; fails when the document has none. */
    public JsonNode answerSchema(String template, int status) {
        return answerSchema("get", template, status);
    }

    /** The schema of the JSON answer {@code status} to {@code method} (lower case) {@code template}. */
    public JsonNode answerSchema(String method, String template, int status) {
        JsonNode responses = document.path("paths").path(template).path(method).path("responses");
        JsonNode response = resolve(
                responses.has(String.valueOf(status))
                        ? responses.get(String.valueOf(status))
                        : responses.path("default"));
        JsonNode schema = response.path("content").path("application/json").path("schema");
        if (schema.isMissingNode()) {
            throw new AssertionError("No JSON schema for " + status + " of " + method + " " + template);
        }
        return schema;
    }

    /** The findings of one answer: undocumented fields and wrong types, each with its JSON path. */
    public List<String> check(JsonNode schema, JsonNode answer, String where) {
        List<String> findings = new ArrayList<>();
        walk(schema, answer, where, "#answer", findings, true);
        return findings;
    }

    /** Documented properties of the schemas walked so far that no answer held. */
    public Set<String> neverSeen() {
        Set<String> missing = new TreeSet<>(declared);
        missing.removeAll(seen);
        return missing;
    }

    /** Named schemas under components/schemas that no answer walked reached. */
    public Set<String> unreachedComponents() {
        Set<String> unreached = new TreeSet<>();
        document.path("components").path("schemas").fieldNames().forEachRemaining(name -> {
            if (!reachedComponents.contains(name)) {
                unreached.add(name);
            }
        });
        return unreached;
    }

    private void walk(
            JsonNode schema, JsonNode value, String at, String location, List<String> findings, boolean record) {
        if (schema.has("$ref")) {
            String ref = schema.get("$ref").asText();
            if (record) {
                reachedComponents.add(ref.substring(ref.lastIndexOf('/') + 1));
            }
            walk(resolve(schema), value, at, ref, findings, record);
            return;
        }
        if (schema.has("oneOf")) {
            for (JsonNode variant : schema.get("oneOf")) {
                if (conforms(variant, value)) {
                    walk(variant, value, at, location, findings, record);
                    return;
                }
            }
            findings.add(at + ": matches no variant of oneOf");
            return;
        }
        Set<String> types = types(schema);
        String actual = typeOf(value);
        if (!types.isEmpty() && !types.contains(actual) && !("integer".equals(actual) && types.contains("number"))) {
            findings.add(at + ": " + actual + " where the document says " + types);
            return;
        }
        if (value.isObject()) {
            walkObject(schema, value, at, location, findings, record);
        } else if (value.isArray() && schema.has("items")) {
            int index = 0;
            for (JsonNode element : value) {
                walk(schema.get("items"), element, at + "[" + index++ + "]", location + "/items", findings, record);
            }
        }
    }

    private void walkObject(
            JsonNode schema, JsonNode value, String at, String location, List<String> findings, boolean record) {
        JsonNode properties = schema.path("properties");
        if (record) {
            properties.fieldNames().forEachRemaining(name -> declared.add(location + " " + name));
        }
        JsonNode additional = schema.path("additionalProperties");
        for (Map.Entry<String, JsonNode> field : value.properties()) {
            String name = field.getKey();
            if (properties.has(name)) {
                if (record) {
                    seen.add(location + " " + name);
                }
                walk(properties.get(name), field.getValue(), at + "." + name, location + "/" + name, findings, record);
            } else if (additional.isObject()) {
                walk(additional, field.getValue(), at + "." + name, location + "/*", findings, record);
            } else if (!additional.asBoolean(false)) {
                findings.add(at + "." + name + ": not documented");
            }
        }
        for (JsonNode required : schema.path("required")) {
            if (!value.has(required.asText())) {
                findings.add(at + "." + required.asText() + ": required but absent");
            }
        }
    }

    private boolean conforms(JsonNode schema, JsonNode value) {
        List<String> findings = new ArrayList<>();
        walk(schema, value, "", "", findings, false);
        return findings.isEmpty();
    }

    private JsonNode resolve(JsonNode node) {
        while (node.has("$ref")) {
            String ref = node.get("$ref").asText();
            node = document.at(ref.substring(1));
            if (node.isMissingNode()) {
                throw new AssertionError("Unresolved " + ref);
            }
        }
        return node;
    }

    private static Set<String> types(JsonNode schema) {
        Set<String> types = new LinkedHashSet<>();
        JsonNode type = schema.path("type");
        if (type.isArray()) {
            type.forEach(t -> types.add(t.asText()));
        } else if (type.isTextual()) {
            types.add(type.asText());
        }
        return types;
    }

    private static String typeOf(JsonNode value) {
        return switch (value.getNodeType()) {
            case OBJECT -> "object";
            case ARRAY -> "array";
            case STRING -> "string";
            case BOOLEAN -> "boolean";
            case NULL -> "null";
            case NUMBER -> value.isIntegralNumber() ? "integer" : "number";
            default -> value.getNodeType().name();
        };
    }
}
