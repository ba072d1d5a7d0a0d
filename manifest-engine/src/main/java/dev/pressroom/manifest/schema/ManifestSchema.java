package dev.pressroom.manifest.schema;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.everit.json.schema.Schema;
import org.everit.json.schema.loader.SchemaLoader;
import org.json.JSONObject;

/**
 * The manifest JSON Schema (draft-07) from {@code schemas/manifest.schema.json}: the everit {@link Schema} used
 * to validate and the exact bytes published at GET /v1/manifest.schema.json. Loaded once; immutable.
 */
public final class ManifestSchema {

    public static final String RESOURCE = "schemas/manifest.schema.json";

    private final Schema schema;
    private final byte[] bytes;
    private final String id;

    private ManifestSchema(byte[] bytes) {
        this.bytes = bytes;
        JSONObject json = new JSONObject(new String(bytes, StandardCharsets.UTF_8));
        this.id = json.getString("$id");
        this.schema = SchemaLoader.builder()
                .schemaJson(withoutUniqueItems(new JSONObject(json.toString())))
                .draftV7Support()
                .regexpFactory(new AnchoredRegexpFactory())
                .build()
                .load()
                .build();
    }

    /**
     * uniqueItems stays in the published schema but is checked in Java with a hash set: everit compares every
     * pair of items, which a hostile 1 MiB array turns into billions of comparisons.
     */
    private static JSONObject withoutUniqueItems(JSONObject node) {
        node.remove("uniqueItems");
        for (String key : node.keySet()) {
            if (node.get(key) instanceof JSONObject child) {
                withoutUniqueItems(child);
            }
        }
        return node;
    }

    public static ManifestSchema load() {
        try (InputStream in = ManifestSchema.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("Missing classpath resource " + RESOURCE);
            }
            return new ManifestSchema(in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Schema schema() {
        return schema;
    }

    /** The schema's stable {@code $id}. */
    public String id() {
        return id;
    }

    public byte[] bytes() {
        return bytes.clone();
    }
}
