package dev.pressroom.manifest.validation;

import dev.pressroom.manifest.schema.ManifestSchema;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.json.JSONObject;

/**
 * The manifest validator: strict JSON reading, then the JSON Schema, then the rules in plain Java. Reports
 * every violation with pointer, rule, message, line and column. Thread-safe and free of framework code.
 */
public final class ManifestValidator {

    public static final String FILE = "manifest.json";
    /** The largest manifest.json: 1 MiB (decision D14). */
    public static final int MAX_BYTES = StrictJsonReader.MAX_BYTES;
    /** A report never lists more errors than this: a 1 MiB array of wrong items must not become a 60 MB answer. */
    public static final int MAX_ERRORS = 1000;

    /** A check that needs the parsed manifest but lives elsewhere (the package checks). */
    @FunctionalInterface
    public interface DocumentCheck {
        void check(JSONObject manifest, Problems problems);
    }

    private final SchemaStep schemaStep;

    public ManifestValidator(ManifestSchema schema) {
        this.schemaStep = new SchemaStep(schema.schema());
    }

    public ValidationReport validate(byte[] bytes) {
        return validate(bytes, FILE, null);
    }

    /**
     * Validates {@code bytes} as the manifest named {@code file} in the report. {@code extra}, when given, runs
     * on a well-formed JSON object after the manifest's own rules, so its findings get line and column too.
     */
    public ValidationReport validate(byte[] bytes, String file, DocumentCheck extra) {
        ParsedJson parsed = StrictJsonReader.read(bytes);
        List<Finding> findings;
        if (!parsed.ok()) {
            findings = parsed.findings();
        } else {
            findings = new ArrayList<>(schemaStep.check(Pruned.view(parsed, MAX_ERRORS)));
            if (parsed.root() instanceof JSONObject manifest) {
                SemanticRules.check(manifest, findings);
                if (extra != null) {
                    extra.check(manifest, new Problems(findings));
                }
            }
        }
        return report(bytes, file, parsed, findings);
    }

    private static ValidationReport report(byte[] bytes, String file, ParsedJson parsed, List<Finding> findings) {
        if (findings.isEmpty()) {
            return new ValidationReport(summary(parsed.root()), List.of(), List.of());
        }
        LineIndex lines = new LineIndex(bytes);
        List<Located> located = new ArrayList<>(findings.size());
        for (Finding f : findings) {
            long offset = f.offset() != null
                    ? f.offset()
                    : parsed.offsetOf(f.pointer(), f.rule() == Rule.UNKNOWN_KEY || f.rule() == Rule.JSON_DUPLICATE_KEY);
            located.add(new Located(f, offset));
        }
        located.sort(Comparator.comparingLong(Located::offset));
        List<Violation> errors = new ArrayList<>();
        List<Violation> warnings = new ArrayList<>();
        for (Located l : located) {
            Finding f = l.finding();
            if (f.severity() == Severity.ERROR && errors.size() == MAX_ERRORS) {
                continue;
            }
            int[] at = lines.locate(l.offset());
            Violation v =
                    new Violation(f.severity(), f.rule(), file, f.pointer(), f.message(), at[0], at[1], f.suggestion());
            (v.isError() ? errors : warnings).add(v);
        }
        if (errors.size() == MAX_ERRORS
                && findings.stream().filter(f -> f.severity() == Severity.ERROR).count() > MAX_ERRORS) {
            warnings.add(
                    0,
                    new Violation(
                            Severity.WARNING,
                            Rule.TRUNCATED,
                            file,
                            "",
                            "More than " + MAX_ERRORS + " errors; only the first " + MAX_ERRORS + " are reported.",
                            1,
                            1,
                            null));
        }
        return new ValidationReport(errors.isEmpty() ? summary(parsed.root()) : null, errors, warnings);
    }

    private static ManifestSummary summary(Object root) {
        JSONObject m = (JSONObject) root;
        return new ManifestSummary(
                m.optString("id"), m.optString("version"), m.optString("kind"), m.optString("runtime"));
    }

    private record Located(Finding finding, long offset) {}
}
