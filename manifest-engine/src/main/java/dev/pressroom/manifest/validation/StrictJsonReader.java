package dev.pressroom.manifest.validation;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.json.JSONArray;
import org.json.JSONObject;

/**
 * Reads manifest bytes as strict RFC 8259 JSON (decision D14) into an org.json tree, remembering where every
 * member name and value starts. org.json's own tokenizer accepts comments, trailing commas, single quotes and
 * trailing data, so it is never used on input; Jackson's defaults refuse all of those.
 */
final class StrictJsonReader {

    static final int MAX_BYTES = 1024 * 1024;
    static final int MAX_DEPTH = 64;
    /** An integer-valued number with more digits than this stays a non-integer (1e999999999 must not allocate). */
    private static final int MAX_INTEGER_DIGITS = 1000;

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(MAX_DEPTH + 1)
                    .maxDocumentLength(MAX_BYTES)
                    .build())
            .build();

    private final Positions positions = new Positions();
    private final List<Finding> duplicates = new ArrayList<>();
    private int largestContainer;

    private StrictJsonReader() {}

    static ParsedJson read(byte[] bytes) {
        List<Finding> encoding = checkBytes(bytes);
        if (!encoding.isEmpty()) {
            return new ParsedJson(null, new Positions(), 0, encoding);
        }
        return new StrictJsonReader().parse(bytes);
    }

    private static List<Finding> checkBytes(byte[] b) {
        if (b.length > MAX_BYTES) {
            return List.of(Finding.errorAt(
                    Rule.JSON_LIMITS,
                    "",
                    "manifest.json is " + b.length + " bytes; the limit is 1 MiB (" + MAX_BYTES + " bytes).",
                    0));
        }
        if (b.length >= 3 && (b[0] & 0xFF) == 0xEF && (b[1] & 0xFF) == 0xBB && (b[2] & 0xFF) == 0xBF) {
            return List.of(Finding.errorAt(
                    Rule.JSON_BOM,
                    "",
                    "manifest.json starts with a UTF-8 byte order mark (EF BB BF); save it as UTF-8 without BOM.",
                    0));
        }
        if (looksLikeUtf16or32(b)) {
            return List.of(Finding.errorAt(
                    Rule.JSON_ENCODING, "", "manifest.json is encoded as UTF-16 or UTF-32; save it as UTF-8.", 0));
        }
        int bad = Utf8.firstMalformed(b);
        if (bad >= 0) {
            return List.of(Finding.errorAt(
                    Rule.JSON_ENCODING,
                    "",
                    String.format(
                            "manifest.json is not valid UTF-8: malformed byte 0x%02X at byte offset %d.",
                            b[bad] & 0xFF, bad),
                    bad));
        }
        return List.of();
    }

    /** RFC 4627 §3 detection: a JSON text starts with an ASCII character, so zero bytes among the first ones mean UTF-16/32. */
    private static boolean looksLikeUtf16or32(byte[] b) {
        if (b.length >= 2
                && (((b[0] & 0xFF) == 0xFE && (b[1] & 0xFF) == 0xFF)
                        || ((b[0] & 0xFF) == 0xFF && (b[1] & 0xFF) == 0xFE))) {
            return true;
        }
        return b.length >= 2 && (b[0] == 0 || b[1] == 0);
    }

    private ParsedJson parse(byte[] bytes) {
        try (JsonParser parser = FACTORY.createParser(bytes)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                return failed(Finding.errorAt(
                        Rule.JSON_SYNTAX, "", "manifest.json is empty; it must hold a JSON object.", 0));
            }
            Object root = readValue(parser, first, positions.root(offset(parser.currentTokenLocation())), 1);
            JsonToken extra = parser.nextToken();
            if (extra != null) {
                return failed(Finding.errorAt(
                        Rule.JSON_SYNTAX,
                        "",
                        "Unexpected data after the JSON value (only one value is allowed).",
                        offset(parser.currentTokenLocation())));
            }
            return new ParsedJson(root, positions, largestContainer, duplicates.isEmpty() ? List.of() : duplicates);
        } catch (OverLimit e) {
            return failed(Finding.errorAt(Rule.JSON_LIMITS, "", e.getMessage(), e.offset));
        } catch (JsonProcessingException e) {
            long at = e.getLocation() == null ? 0 : offset(e.getLocation());
            return failed(Finding.errorAt(Rule.JSON_SYNTAX, "", "Invalid JSON: " + clean(e.getOriginalMessage()), at));
        } catch (IOException e) {
            return failed(Finding.errorAt(Rule.JSON_SYNTAX, "", "Invalid JSON: " + clean(e.getMessage()), 0));
        }
    }

    private static ParsedJson failed(Finding finding) {
        return new ParsedJson(null, new Positions(), 0, List.of(finding));
    }

    /** Reads the value at the current token; {@code node} is its entry in {@link #positions}. */
    private Object readValue(JsonParser p, JsonToken token, int node, int depth) throws IOException {
        return switch (token) {
            case START_OBJECT -> readObject(p, node, depth);
            case START_ARRAY -> readArray(p, node, depth);
            case VALUE_STRING -> p.getText();
            case VALUE_NUMBER_INT -> integer(p);
            case VALUE_NUMBER_FLOAT -> decimal(decimalValue(p));
            case VALUE_TRUE -> true;
            case VALUE_FALSE -> false;
            case VALUE_NULL -> JSONObject.NULL;
            default -> throw new IllegalStateException("Unexpected token " + token);
        };
    }

    private JSONObject readObject(JsonParser p, int node, int depth) throws IOException {
        checkDepth(p, depth);
        JSONObject object = new JSONObject();
        int members = 0;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            long keyAt = offset(p.currentTokenLocation());
            JsonToken valueToken = p.nextToken();
            long valueAt = offset(p.currentTokenLocation());
            members++;
            if (object.has(name)) {
                // D15: report every repeated name at the repeat; the document's meaning is ambiguous.
                duplicates.add(Finding.errorAt(
                        Rule.JSON_DUPLICATE_KEY,
                        JsonPointers.child(positions.publicPointer(node), name),
                        "Duplicate key " + Messages.quote(name) + " (keys must be unique within an object).",
                        keyAt));
                readValue(p, valueToken, positions.member(node, name, true, keyAt, valueAt), depth + 1);
                continue;
            }
            object.put(name, readValue(p, valueToken, positions.member(node, name, false, keyAt, valueAt), depth + 1));
        }
        largestContainer = Math.max(largestContainer, members);
        return object;
    }

    private JSONArray readArray(JsonParser p, int node, int depth) throws IOException {
        checkDepth(p, depth);
        JSONArray array = new JSONArray();
        JsonToken t;
        int index = 0;
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
            array.put(readValue(p, t, positions.item(node, index++, offset(p.currentTokenLocation())), depth + 1));
        }
        largestContainer = Math.max(largestContainer, index);
        return array;
    }

    private static void checkDepth(JsonParser p, int depth) {
        if (depth > MAX_DEPTH) {
            throw new OverLimit(
                    offset(p.currentTokenLocation()),
                    "manifest.json is nested deeper than " + MAX_DEPTH + " levels (a valid manifest nests 3).");
        }
    }

    /** Jackson refuses an exponent of more than ten digits (1E99999999999): a number over the limits, not a crash. */
    private static BigDecimal decimalValue(JsonParser p) throws IOException {
        try {
            return p.getDecimalValue();
        } catch (NumberFormatException e) {
            throw new OverLimit(
                    offset(p.currentTokenLocation()), "A number in manifest.json has an exponent too large to read.");
        }
    }

    private static Object integer(JsonParser p) throws IOException {
        return switch (p.getNumberType()) {
            case INT -> p.getIntValue();
            case LONG -> p.getLongValue();
            default -> p.getBigIntegerValue();
        };
    }

    /** D13: a number with a zero fractional part (1.0, 1e2) is an integer, as in JSON Schema. */
    private static Object decimal(BigDecimal value) {
        if (value.signum() == 0) {
            return 0;
        }
        BigDecimal stripped = value.stripTrailingZeros();
        if (stripped.scale() > 0 || stripped.precision() - stripped.scale() > MAX_INTEGER_DIGITS) {
            return value;
        }
        BigInteger integer = stripped.toBigIntegerExact();
        if (integer.bitLength() < 32) {
            return integer.intValue();
        }
        return integer.bitLength() < 64 ? (Object) integer.longValue() : integer;
    }

    private static long offset(JsonLocation location) {
        long at = location.getByteOffset();
        return at < 0 ? 0 : at;
    }

    /** Jackson messages are good but may be long or carry raw input; keep the first line, bounded. */
    private static String clean(String message) {
        if (message == null) {
            return "unreadable input.";
        }
        String first = message.lines().findFirst().orElse(message);
        return Messages.truncate(first, 200);
    }

    /** Reading stopped at a limit (depth, number size); the message says which, the offset where. */
    private static final class OverLimit extends RuntimeException {
        private final long offset;

        OverLimit(long offset, String message) {
            super(message, null, false, false);
            this.offset = offset;
        }
    }
}
