package dev.pressroom.content.importer;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.util.regex.Pattern;

/** Reads YAML (Jackson's YAML module) into records, turning every problem into file, line and reason. */
final class YamlReader {

    private static final ObjectMapper YAML = YAMLMapper.builder(
                    YAMLFactory.builder().build())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .build();

    private YamlReader() {}

    /** @param firstLine the line of the file where {@code yaml} starts */
    static <T> T read(String file, String yaml, int firstLine, Class<T> type) {
        try {
            T value = YAML.readValue(yaml.isBlank() ? "{}" : yaml, type);
            if (value == null) {
                throw new ImportException(file, firstLine, "expected a YAML mapping");
            }
            return value;
        } catch (UnrecognizedPropertyException e) {
            throw new ImportException(
                    file, line(e.getLocation(), firstLine), "unknown key '" + e.getPropertyName() + "'");
        } catch (JsonProcessingException e) {
            throw new ImportException(
                    file,
                    line(e.getLocation(), firstLine),
                    e.getOriginalMessage().lines().findFirst().orElse("invalid YAML"));
        }
    }

    /** The line of a top-level key in the YAML text, for reasons found after parsing (unknown tag, bad date). */
    static int lineOf(String yaml, String key, int firstLine) {
        Pattern pattern = Pattern.compile("^" + Pattern.quote(key) + "\\s*:");
        String[] lines = yaml.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (pattern.matcher(lines[i]).find()) {
                return firstLine + i;
            }
        }
        return firstLine;
    }

    private static int line(JsonLocation location, int firstLine) {
        return location == null || location.getLineNr() < 1 ? firstLine : firstLine + location.getLineNr() - 1;
    }
}
