package dev.pressroom.manifest.validation;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.everit.json.schema.ArraySchema;
import org.everit.json.schema.EnumSchema;
import org.everit.json.schema.NumberSchema;
import org.everit.json.schema.ObjectSchema;
import org.everit.json.schema.Schema;
import org.everit.json.schema.StringSchema;
import org.everit.json.schema.ValidationException;
import org.json.JSONArray;
import org.json.JSONObject;

/**
 * Runs the JSON Schema (everit) and turns each failure into a finding with our rule id, the pointer of the
 * offending key (not its parent, for required and unknown keys) and a message written for people. A value of
 * the wrong type keeps only its type error (decision D17).
 */
final class SchemaStep {

    private static final String REQUIRED_PREFIX = "required key [";
    private static final String REQUIRED_SUFFIX = "] not found";
    private static final String EXTRANEOUS_PREFIX = "extraneous key [";
    private static final String EXTRANEOUS_SUFFIX = "] is not permitted";

    private final Schema schema;

    SchemaStep(Schema schema) {
        this.schema = schema;
    }

    List<Finding> check(Object root) {
        try {
            schema.validate(root);
            return List.of();
        } catch (ValidationException e) {
            List<ValidationException> leaves = new ArrayList<>();
            collectLeaves(e, leaves);
            List<Finding> findings = new ArrayList<>(leaves.size());
            for (ValidationException leaf : leaves) {
                findings.add(toFinding(leaf, root));
            }
            return withoutCascades(findings);
        }
    }

    private static void collectLeaves(ValidationException e, List<ValidationException> out) {
        if (e.getCausingExceptions().isEmpty()) {
            out.add(e);
        } else {
            e.getCausingExceptions().forEach(cause -> collectLeaves(cause, out));
        }
    }

    /** D17: where a value has the wrong type, nothing else is said about it or below it. */
    private static List<Finding> withoutCascades(List<Finding> findings) {
        Set<String> wrongType = findings.stream()
                .filter(f -> f.rule() == Rule.TYPE)
                .map(Finding::pointer)
                .collect(Collectors.toCollection(HashSet::new));
        if (wrongType.isEmpty()) {
            return findings;
        }
        List<Finding> kept = new ArrayList<>(findings.size());
        for (Finding f : findings) {
            if (f.rule() == Rule.TYPE || !coveredBy(f.pointer(), wrongType)) {
                kept.add(f);
            }
        }
        return kept;
    }

    private static boolean coveredBy(String pointer, Set<String> wrongType) {
        String p = pointer;
        while (true) {
            if (wrongType.contains(p)) {
                return true;
            }
            if (p.isEmpty()) {
                return false;
            }
            p = JsonPointers.parent(p);
        }
    }

    private static Finding toFinding(ValidationException e, Object root) {
        String pointer = toPointer(e.getPointerToViolation());
        Schema violated = e.getViolatedSchema();
        String keyword = e.getKeyword() == null ? "" : e.getKeyword();
        String message = e.getErrorMessage();
        Object value = JsonPointers.resolve(root, pointer);
        switch (keyword) {
            case "required" -> {
                String key = between(message, REQUIRED_PREFIX, REQUIRED_SUFFIX);
                return Finding.error(
                        Rule.REQUIRED,
                        JsonPointers.child(pointer, key),
                        "Missing required key " + Messages.quote(key)
                                + (pointer.isEmpty() ? "." : " in " + pointer + "."));
            }
            case "additionalProperties" -> {
                String key = between(message, EXTRANEOUS_PREFIX, EXTRANEOUS_SUFFIX);
                List<String> allowed = violated instanceof ObjectSchema object
                        ? object.getPropertySchemas().keySet().stream().sorted().toList()
                        : List.of();
                return Finding.error(
                        Rule.UNKNOWN_KEY,
                        JsonPointers.child(pointer, key),
                        "Unknown key " + Messages.quote(key) + (pointer.isEmpty() ? "" : " in " + pointer)
                                + "; allowed keys: " + String.join(", ", allowed) + ".",
                        Suggestions.closest(key, absentFrom(JsonPointers.resolve(root, pointer), allowed)));
            }
            case "type" -> {
                return Finding.error(
                        Rule.TYPE,
                        pointer,
                        "Must be " + expected(violated) + ", found " + Values.describe(value) + ".");
            }
            case "minLength", "maxLength" -> {
                return Finding.error(Rule.LENGTH, pointer, lengthMessage((StringSchema) violated, value));
            }
            case "pattern" -> {
                return Finding.error(
                        Rule.PATTERN,
                        pointer,
                        Messages.quote(String.valueOf(value)) + " is not valid: " + PatternHints.forPointer(pointer)
                                + ".");
            }
            case "enum" -> {
                return Finding.error(Rule.ENUM, pointer, enumMessage(violated, value), enumSuggestion(violated, value));
            }
            case "const" -> {
                return Finding.error(
                        Rule.ENUM,
                        pointer,
                        "Must be 1 (the manifest format version), found " + Values.show(value) + ".");
            }
            case "maxItems" -> {
                return Finding.error(
                        Rule.MAX_ITEMS,
                        pointer,
                        "At most " + ((ArraySchema) violated).getMaxItems() + " items are allowed, found "
                                + ((JSONArray) value).length() + ".");
            }
            case "minimum" -> {
                return Finding.error(
                        Rule.MINIMUM,
                        pointer,
                        "Must be at least " + ((NumberSchema) violated).getMinimum() + ", found " + Values.show(value)
                                + ".");
            }
            default -> {
                return Finding.error(Rule.TYPE, pointer, Messages.truncate(message, 200));
            }
        }
    }

    private static String expected(Schema schema) {
        if (schema instanceof StringSchema) {
            return "a string";
        }
        if (schema instanceof ObjectSchema) {
            return "an object";
        }
        if (schema instanceof ArraySchema) {
            return "an array";
        }
        if (schema instanceof NumberSchema number) {
            return number.requiresInteger() ? "an integer" : "a number";
        }
        return "of another type";
    }

    private static String lengthMessage(StringSchema schema, Object value) {
        String text = (String) value;
        int length = text.codePointCount(0, text.length());
        Integer min = schema.getMinLength();
        Integer max = schema.getMaxLength();
        String limit = min != null && max != null
                ? min + " to " + max + " characters"
                : max != null ? "at most " + max + " characters" : "at least " + min + " characters";
        return "Must be " + limit + " long (Unicode code points), found " + length + ".";
    }

    private static String enumMessage(Schema schema, Object value) {
        String allowed = schema instanceof EnumSchema e
                ? e.getPossibleValues().stream().map(String::valueOf).collect(Collectors.joining(", "))
                : "";
        return Values.show(value) + " is not allowed; use one of: " + allowed + ".";
    }

    /** A key the object already has is no suggestion for another key in it. */
    private static List<String> absentFrom(Object object, List<String> keys) {
        return object instanceof JSONObject present
                ? keys.stream().filter(key -> !present.has(key)).toList()
                : keys;
    }

    private static String enumSuggestion(Schema schema, Object value) {
        if (!(schema instanceof EnumSchema e) || !(value instanceof String typed)) {
            return null;
        }
        List<String> allowed = e.getPossibleValues().stream()
                .filter(String.class::isInstance)
                .map(String.class::cast)
                .toList();
        return Suggestions.closest(typed, allowed);
    }

    private static String toPointer(String everit) {
        if (everit == null || everit.equals("#")) {
            return "";
        }
        return everit.startsWith("#") ? everit.substring(1) : everit;
    }

    private static String between(String message, String prefix, String suffix) {
        if (message != null
                && message.startsWith(prefix)
                && message.endsWith(suffix)
                && message.length() >= prefix.length() + suffix.length()) {
            return message.substring(prefix.length(), message.length() - suffix.length());
        }
        return "";
    }
}
