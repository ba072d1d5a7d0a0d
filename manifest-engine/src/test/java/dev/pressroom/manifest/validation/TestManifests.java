package dev.pressroom.manifest.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pressroom.manifest.schema.ManifestSchema;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/** Manifest fixtures: the files under manifests/valid and manifests/invalid, and edited copies of them. */
public final class TestManifests {

    public static final ObjectMapper JSON = new ObjectMapper();
    public static final ManifestValidator VALIDATOR = new ManifestValidator(ManifestSchema.load());

    private TestManifests() {}

    public static byte[] bytes(String resource) {
        try (InputStream in = TestManifests.class.getClassLoader().getResourceAsStream("manifests/" + resource)) {
            if (in == null) {
                throw new IllegalArgumentException("No fixture " + resource);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static ObjectNode tree(String resource) {
        try {
            return (ObjectNode) JSON.readTree(bytes(resource));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The full feature app (every optional key set) after {@code edit}, pretty-printed. */
    public static byte[] feature(Consumer<ObjectNode> edit) {
        return edited("valid/feature-app.json", edit);
    }

    public static byte[] theme(Consumer<ObjectNode> edit) {
        return edited("valid/theme.json", edit);
    }

    public static byte[] connector(Consumer<ObjectNode> edit) {
        return edited("valid/connector.json", edit);
    }

    public static byte[] edited(String resource, Consumer<ObjectNode> edit) {
        ObjectNode node = tree(resource);
        edit.accept(node);
        return pretty(node);
    }

    public static byte[] pretty(JsonNode node) {
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(node);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    public static ArrayNode array(String... items) {
        ArrayNode array = JSON.createArrayNode();
        for (String item : items) {
            array.add(item);
        }
        return array;
    }

    public static ValidationReport validate(byte[] bytes) {
        return VALIDATOR.validate(bytes);
    }
}
