package dev.pressroom.content.api;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.vertx.mutiny.sqlclient.Row;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/** Streaming JSON over database rows and entities: values are copied, JSON columns (read as text) are written raw. */
public final class Json {

    private static final JsonFactory FACTORY = new JsonFactory();

    /** Writes one answer body. */
    public interface Body {
        void write(JsonGenerator g) throws IOException;
    }

    /** Writes one item of a list answer. */
    public interface Item<T> {
        void write(JsonGenerator g, T item) throws IOException;
    }

    private Json() {}

    /** A list answer, {@code {"<field>": [item, ...]}}, sized for about {@code bytesPerItem} per item. */
    public static <T> byte[] list(String field, List<T> items, int bytesPerItem, Item<T> item) {
        return bytes(bytesPerItem * (items.size() + 1), g -> {
            g.writeStartObject();
            array(g, field, items, item);
            g.writeEndObject();
        });
    }

    /** A field holding an array, {@code "<field>": [item, ...]}. */
    public static <T> void array(JsonGenerator g, String field, List<T> items, Item<T> item) throws IOException {
        g.writeArrayFieldStart(field);
        for (T each : items) {
            item.write(g, each);
        }
        g.writeEndArray();
    }

    public static byte[] bytes(int sizeHint, Body body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(sizeHint);
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            body.write(g);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    public static void string(JsonGenerator g, String name, Row r, String column) throws IOException {
        string(g, name, r.getString(column));
    }

    public static void string(JsonGenerator g, String name, String value) throws IOException {
        if (value == null) {
            g.writeNullField(name);
        } else {
            g.writeStringField(name, value);
        }
    }

    public static void integer(JsonGenerator g, String name, Row r, String column) throws IOException {
        integer(g, name, r.getInteger(column));
    }

    public static void integer(JsonGenerator g, String name, Integer value) throws IOException {
        if (value == null) {
            g.writeNullField(name);
        } else {
            g.writeNumberField(name, value);
        }
    }

    public static void raw(JsonGenerator g, String name, Row r, String column) throws IOException {
        raw(g, name, r.getString(column));
    }

    public static void raw(JsonGenerator g, String name, String json) throws IOException {
        g.writeFieldName(name);
        if (json == null) {
            g.writeNull();
        } else {
            g.writeRawValue(json);
        }
    }

    /** Ghost's {@code count: {posts}} of a tag or author. */
    public static void count(JsonGenerator g, int posts) throws IOException {
        g.writeObjectFieldStart("count");
        g.writeNumberField("posts", posts);
        g.writeEndObject();
    }
}
