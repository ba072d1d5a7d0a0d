package dev.pressroom.manifest.validation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Generative test: thousands of random mutations of the valid fixtures (drop a key, wrong type, long string,
 * odd Unicode, deep nesting, random bytes) never throw, and every pointer reported resolves in the document
 * (for a missing key, its parent does).
 */
class ManifestMutationTest {

    private static final String[] FIXTURES = {
        "valid/feature-app.json", "valid/theme.json", "valid/connector.json", "valid/non-ascii.json"
    };
    private static final String[] ODD = {
        "",
        " ",
        "\u0000",
        "\uD800",
        "\uDFFF",
        "\u202E",
        "\u200B",
        "\uFEFF",
        "\n",
        "é",
        "e\u0301",
        "\uD83C\uDF89",
        "\\",
        "\"",
        "/",
        "~",
        "~1",
        "../",
        "𝕏".repeat(50),
        "x".repeat(5000)
    };
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    @Test
    void validateWhenRandomlyMutatedThenNeverThrowsAndEveryPointerResolves() throws Exception {
        Random random = new Random(20261121L);
        int reportedErrors = 0;
        for (int i = 0; i < 3000; i++) {
            ObjectNode doc = TestManifests.tree(FIXTURES[random.nextInt(FIXTURES.length)]);
            int edits = 1 + random.nextInt(3);
            for (int e = 0; e < edits; e++) {
                mutateTree(doc, random);
            }
            byte[] bytes = TestManifests.pretty(doc);
            if (random.nextInt(5) == 0) {
                bytes = mutateBytes(bytes, random);
            }
            ValidationReport report = TestManifests.validate(bytes);
            reportedErrors += report.errors().size();
            ReportInvariants.assertHolds(bytes, report);
        }
        assertThat(reportedErrors)
                .as("the mutations must actually break manifests")
                .isGreaterThan(2000);
    }

    private static void mutateTree(ObjectNode root, Random random) {
        List<JsonNode> containers = new ArrayList<>();
        collect(root, containers);
        JsonNode target = containers.get(random.nextInt(containers.size()));
        switch (random.nextInt(6)) {
            case 0 -> dropSomething(target, random);
            case 1 -> replaceSomething(target, randomValue(random, 0), random);
            case 2 -> replaceSomething(target, NODES.textNode(ODD[random.nextInt(ODD.length)]), random);
            case 3 -> replaceSomething(target, NODES.textNode("a".repeat(random.nextInt(300))), random);
            case 4 -> replaceSomething(target, deep(random.nextInt(80)), random);
            default -> addKey(target, random);
        }
    }

    private static void collect(JsonNode node, List<JsonNode> out) {
        if (node.isContainerNode()) {
            out.add(node);
            node.forEach(child -> collect(child, out));
        }
    }

    private static void dropSomething(JsonNode target, Random random) {
        if (target instanceof ObjectNode object && object.size() > 0) {
            List<String> names = new ArrayList<>();
            object.fieldNames().forEachRemaining(names::add);
            object.remove(names.get(random.nextInt(names.size())));
        } else if (target instanceof ArrayNode array && array.size() > 0) {
            array.remove(random.nextInt(array.size()));
        }
    }

    private static void replaceSomething(JsonNode target, JsonNode value, Random random) {
        if (target instanceof ObjectNode object && object.size() > 0) {
            List<String> names = new ArrayList<>();
            object.fieldNames().forEachRemaining(names::add);
            object.set(names.get(random.nextInt(names.size())), value);
        } else if (target instanceof ArrayNode array) {
            if (array.isEmpty()) {
                array.add(value);
            } else {
                array.set(random.nextInt(array.size()), value);
            }
        }
    }

    private static void addKey(JsonNode target, Random random) {
        if (target instanceof ObjectNode object) {
            object.set(ODD[random.nextInt(ODD.length)] + random.nextInt(3), randomValue(random, 0));
        } else if (target instanceof ArrayNode array) {
            array.add(randomValue(random, 0));
        }
    }

    private static JsonNode randomValue(Random random, int depth) {
        return switch (random.nextInt(depth > 2 ? 6 : 8)) {
            case 0 -> NODES.nullNode();
            case 1 -> NODES.booleanNode(random.nextBoolean());
            case 2 -> NODES.numberNode(random.nextInt(2000) - 1000);
            case 3 -> NODES.numberNode(random.nextDouble() * 10);
            case 4 -> NODES.textNode(ODD[random.nextInt(ODD.length)]);
            case 5 -> NODES.numberNode(new java.math.BigInteger(100, random));
            case 6 -> {
                ArrayNode array = NODES.arrayNode();
                for (int i = random.nextInt(4); i > 0; i--) {
                    array.add(randomValue(random, depth + 1));
                }
                yield array;
            }
            default -> {
                ObjectNode object = NODES.objectNode();
                for (int i = random.nextInt(4); i > 0; i--) {
                    object.set("k" + i, randomValue(random, depth + 1));
                }
                yield object;
            }
        };
    }

    private static JsonNode deep(int depth) {
        JsonNode node = NODES.textNode("bottom");
        for (int i = 0; i < depth; i++) {
            node = i % 2 == 0 ? NODES.arrayNode().add(node) : NODES.objectNode().set("d", node);
        }
        return node;
    }

    private static byte[] mutateBytes(byte[] bytes, Random random) {
        byte[] out = bytes.clone();
        switch (random.nextInt(4)) {
            case 0 -> {
                for (int i = 1 + random.nextInt(4); i > 0; i--) {
                    out[random.nextInt(out.length)] = (byte) random.nextInt(256);
                }
            }
            case 1 -> out = java.util.Arrays.copyOf(out, random.nextInt(out.length));
            case 2 -> {
                byte[] noise = new byte[1 + random.nextInt(16)];
                random.nextBytes(noise);
                int at = random.nextInt(out.length);
                byte[] joined = new byte[out.length + noise.length];
                System.arraycopy(out, 0, joined, 0, at);
                System.arraycopy(noise, 0, joined, at, noise.length);
                System.arraycopy(out, at, joined, at + noise.length, out.length - at);
                out = joined;
            }
            default -> {
                int at = random.nextInt(out.length);
                out[at] = (byte) "{}[],:\"\\".charAt(random.nextInt(8));
            }
        }
        return out;
    }
}
