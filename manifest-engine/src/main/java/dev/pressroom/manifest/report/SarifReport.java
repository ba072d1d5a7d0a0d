package dev.pressroom.manifest.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.manifest.validation.Rule;
import dev.pressroom.manifest.validation.ValidationReport;
import dev.pressroom.manifest.validation.Violation;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * SARIF 2.1.0 (OASIS, https://docs.oasis-open.org/sarif/sarif/v2.1.0/) for code-scanning uploads: one run, the
 * rules that occur, one result per problem. Columns count Unicode code points ({@code columnKind}, §3.14.17).
 */
final class SarifReport {

    static final String SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";
    static final String TOOL = "pressroom-manifest-validator";

    private SarifReport() {}

    /** One run over every report: a batch is one tool run, and code scanning takes one run per tool. */
    static String render(List<ValidationReport> reports, ObjectMapper mapper) {
        List<Rule> rules = new ArrayList<>();
        List<Map<String, Object>> results = new ArrayList<>();
        reports.stream()
                .flatMap(report -> Stream.concat(report.errors().stream(), report.warnings().stream()))
                .forEach(v -> {
                    if (!rules.contains(v.rule())) {
                        rules.add(v.rule());
                    }
                    results.add(result(v, rules.indexOf(v.rule())));
                });
        Map<String, Object> driver = new LinkedHashMap<>();
        driver.put("name", TOOL);
        driver.put("rules", rules.stream().map(SarifReport::rule).toList());
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("tool", Map.of("driver", driver));
        run.put("columnKind", "unicodeCodePoints");
        run.put("results", results);
        Map<String, Object> log = new LinkedHashMap<>();
        log.put("$schema", SCHEMA);
        log.put("version", "2.1.0");
        log.put("runs", List.of(run));
        try {
            return mapper.writeValueAsString(log);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A file name as the relative URI reference SARIF requires (§3.4.3): each character outside RFC 3986's unreserved,
     * sub-delims, '@' and '/' percent-encoded as UTF-8 (':' too: in a first segment it would read as a scheme), so "my addon/manifest.json" stays one valid reference.
     */
    static String uri(String file) {
        StringBuilder out = new StringBuilder(file.length());
        for (byte b : file.getBytes(StandardCharsets.UTF_8)) {
            char ch = (char) (b & 0xFF);
            if ((ch >= 'a' && ch <= 'z')
                    || (ch >= 'A' && ch <= 'Z')
                    || (ch >= '0' && ch <= '9')
                    || "-._~!$&'()*+,;=@/".indexOf(ch) >= 0) {
                out.append(ch);
            } else {
                out.append('%')
                        .append(Character.toUpperCase(Character.forDigit((b >> 4) & 0xF, 16)))
                        .append(Character.toUpperCase(Character.forDigit(b & 0xF, 16)));
            }
        }
        return out.toString();
    }

    private static Map<String, Object> rule(Rule rule) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", rule.id());
        out.put("shortDescription", Map.of("text", rule.description()));
        return out;
    }

    private static Map<String, Object> result(Violation v, int ruleIndex) {
        Map<String, Object> physical = new LinkedHashMap<>();
        physical.put("artifactLocation", Map.of("uri", uri(v.file())));
        if (v.line() != null) {
            physical.put("region", Map.of("startLine", v.line(), "startColumn", v.column()));
        }
        Map<String, Object> location = new LinkedHashMap<>();
        location.put("physicalLocation", physical);
        if (v.pointer() != null) {
            location.put("logicalLocations", List.of(Map.of("fullyQualifiedName", v.pointer(), "kind", "member")));
        }
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("ruleId", v.rule().id());
        result.put("ruleIndex", ruleIndex);
        result.put("level", v.severity().label());
        result.put("message", Map.of("text", v.message()));
        result.put("locations", List.of(location));
        if (v.suggestion() != null) {
            result.put("properties", Map.of("suggestion", v.suggestion()));
        }
        return result;
    }
}
