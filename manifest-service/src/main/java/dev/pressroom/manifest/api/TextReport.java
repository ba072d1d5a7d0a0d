package dev.pressroom.manifest.api;

import dev.pressroom.manifest.validation.ValidationReport;
import dev.pressroom.manifest.validation.Violation;
import java.util.stream.Stream;

/**
 * The compiler-style text report, one line per problem: {@code manifest.json:LINE:COL: error [rule] message}
 * (GNU "file:line:column: message" convention, so editors and CI problem matchers pick it up). Problems of the
 * package itself have no line: {@code package.zip: error [rule] message}. A clean manifest gives an empty body.
 */
final class TextReport {

    private TextReport() {}

    static String render(ValidationReport report) {
        StringBuilder out = new StringBuilder();
        Stream.concat(report.errors().stream(), report.warnings().stream()).forEach(v -> line(v, out));
        return out.toString();
    }

    private static void line(Violation v, StringBuilder out) {
        out.append(v.file());
        if (v.line() != null) {
            out.append(':').append(v.line()).append(':').append(v.column());
        }
        out.append(": ")
                .append(v.severity().label())
                .append(" [")
                .append(v.rule().id())
                .append("] ")
                .append(oneLine(v.message()))
                .append('\n');
    }

    /** A message never breaks the one-line-per-problem format. */
    private static String oneLine(String message) {
        return message.replace('\n', ' ').replace('\r', ' ');
    }
}
