package dev.pressroom.manifest.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.manifest.validation.ValidationReport;
import dev.pressroom.manifest.validation.Violation;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * GitLab's Code Quality report: a JSON array of issues with {@code description}, {@code check_name},
 * {@code fingerprint}, {@code severity} and {@code location.path}/{@code location.lines.begin}. Errors are
 * {@code major}, warnings {@code minor}. The fingerprint is stable across runs (file, rule, pointer, message, and
 * the occurrence number for identical twins), so GitLab can tell new problems from fixed ones in a merge request.
 */
final class CodeQualityReport {

    private CodeQualityReport() {}

    static String render(List<ValidationReport> reports, ObjectMapper mapper) {
        List<Map<String, Object>> issues = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        reports.stream()
                .flatMap(report -> Stream.concat(report.errors().stream(), report.warnings().stream()))
                .forEach(v -> issues.add(issue(v, seen)));
        try {
            return mapper.writeValueAsString(issues);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Map<String, Object> issue(Violation v, Map<String, Integer> seen) {
        String identity = String.join("\u0000", v.file(), v.rule().id(), String.valueOf(v.pointer()), v.message());
        int occurrence = seen.merge(identity, 1, Integer::sum);
        Map<String, Object> issue = new LinkedHashMap<>();
        issue.put("description", v.message());
        issue.put("check_name", v.rule().id());
        issue.put("fingerprint", fingerprint(identity + "\u0000" + occurrence));
        issue.put("severity", v.isError() ? "major" : "minor");
        issue.put("location", Map.of("path", v.file(), "lines", Map.of("begin", v.line() == null ? 1 : v.line())));
        return issue;
    }

    private static String fingerprint(String identity) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(identity.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
