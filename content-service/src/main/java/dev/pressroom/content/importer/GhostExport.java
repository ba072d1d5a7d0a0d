package dev.pressroom.content.importer;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A Ghost JSON export ("Export your content" in Ghost Admin, or {@code ghost export}) read as its tables: the rows of
 * the tables the import uses, and a count of the rows of every other table (members, newsletters, comments...), which
 * the import reports as skipped. Both envelopes Ghost has written are accepted: {@code {"db": [{"meta", "data"}]}} and
 * {@code {"meta", "data"}}. The file is streamed a row at a time; a post's Lexical and Mobiledoc sources are dropped
 * as soon as it has HTML, so a large export costs about its HTML in memory.
 */
record GhostExport(String version, Map<String, List<ObjectNode>> tables, Map<String, Integer> skipped) {

    static final Set<String> USED = Set.of(
            "posts", "posts_meta", "tags", "posts_tags", "users", "posts_authors", "roles", "roles_users", "settings");
    /** Ghost's row limits are far below these; a file past them is not an export. */
    private static final int MAX_STRING_CHARS = 64 * 1024 * 1024;

    private static final ObjectMapper JSON = new ObjectMapper();

    GhostExport {
        tables = Map.copyOf(tables);
        skipped = Map.copyOf(skipped);
    }

    List<ObjectNode> rows(String table) {
        return tables.getOrDefault(table, List.of());
    }

    static GhostExport read(Path file) {
        String name = file.getFileName().toString();
        if (!Files.isRegularFile(file)) {
            throw new ImportException(name, 0, "file is missing");
        }
        JsonFactory factory = JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxStringLength(MAX_STRING_CHARS)
                        .build())
                .build();
        try (InputStream in = Files.newInputStream(file);
                JsonParser parser = factory.createParser(in)) {
            parser.setCodec(JSON);
            Reader reader = new Reader(parser, name);
            reader.document();
            if (reader.data == null) {
                throw new ImportException(name, 0, "not a Ghost export: no \"data\" object (at the top or in \"db\")");
            }
            return new GhostExport(reader.version, reader.data, reader.skipped);
        } catch (JsonProcessingException e) {
            throw new ImportException(
                    name,
                    e.getLocation() == null ? 0 : e.getLocation().getLineNr(),
                    "not JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new ImportException(name, 0, "cannot read the file: " + e.getMessage());
        }
    }

    /** Walks the envelope down to {@code data}, then reads each table's rows one by one. */
    private static final class Reader {
        private final JsonParser parser;
        private final String name;
        private String version;
        private Map<String, List<ObjectNode>> data;
        private final Map<String, Integer> skipped = new LinkedHashMap<>();

        Reader(JsonParser parser, String name) {
            this.parser = parser;
            this.name = name;
        }

        void document() throws IOException {
            expect(parser.nextToken(), JsonToken.START_OBJECT, "the export is a JSON object");
            envelope();
        }

        /** An object holding "meta" and "data", or "db": [ such an object ]. */
        private void envelope() throws IOException {
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                if (field.equals("db") && value == JsonToken.START_ARRAY) {
                    while (parser.nextToken() == JsonToken.START_OBJECT) {
                        envelope();
                    }
                } else if (field.equals("meta") && value == JsonToken.START_OBJECT) {
                    ObjectNode meta = parser.readValueAsTree();
                    version = meta.path("version").asText(null);
                } else if (field.equals("data") && value == JsonToken.START_OBJECT) {
                    data = new LinkedHashMap<>();
                    tables();
                } else {
                    parser.skipChildren();
                }
            }
        }

        private void tables() throws IOException {
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String table = parser.currentName();
                JsonToken value = parser.nextToken();
                if (value != JsonToken.START_ARRAY) {
                    parser.skipChildren();
                    continue;
                }
                List<ObjectNode> rows = new ArrayList<>();
                int count = 0;
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    count++;
                    if (!USED.contains(table)) {
                        parser.skipChildren();
                        continue;
                    }
                    expect(
                            parser.currentToken(),
                            JsonToken.START_OBJECT,
                            "every row of \"" + table + "\" is an object");
                    ObjectNode row = parser.readValueAsTree();
                    if (table.equals("posts")
                            && row.hasNonNull("html")
                            && !row.path("html").asText().isEmpty()) {
                        row.remove(List.of("lexical", "mobiledoc"));
                    }
                    rows.add(row);
                }
                if (USED.contains(table)) {
                    data.put(table, rows);
                } else if (count > 0) {
                    skipped.put(table, count);
                }
            }
        }

        private void expect(JsonToken actual, JsonToken expected, String what) {
            if (actual != expected) {
                throw new ImportException(name, parser.currentLocation().getLineNr(), "not a Ghost export: " + what);
            }
        }
    }
}
