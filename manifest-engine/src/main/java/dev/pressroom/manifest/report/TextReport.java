package dev.pressroom.manifest.report;

import dev.pressroom.manifest.validation.ValidationReport;
import dev.pressroom.manifest.validation.Violation;
import java.util.List;
import java.util.stream.Stream;

/**
 * The compiler-style text report, one line per problem: {@code manifest.json:LINE:COL: error [rule] message}
 * (GNU "file:line:column: message" convention, so editors and CI problem matchers pick it up). Problems of the
 * package itself have no line: {@code package.zip: error [rule] message}. A clean manifest gives an empty body.
 */
public final class TextReport {

    /** PLAIN everywhere but on a terminal, where COLOUR marks the location, the severity and the rule (ANSI SGR). */
    public enum Style {
        PLAIN,
        COLOUR
    }

    private static final String BOLD = "\u001b[1m";
    private static final String RED = "\u001b[1;31m";
    private static final String YELLOW = "\u001b[1;33m";
    private static final String DIM = "\u001b[2m";
    private static final String RESET = "\u001b[0m";

    private TextReport() {}

    /** Each report's errors, then its warnings, report after report. */
    public static String render(List<ValidationReport> reports, Style style) {
        StringBuilder out = new StringBuilder();
        for (ValidationReport report : reports) {
            Stream.concat(report.errors().stream(), report.warnings().stream()).forEach(v -> line(v, style, out));
        }
        return out.toString();
    }

    private static void line(Violation v, Style style, StringBuilder out) {
        boolean colour = style == Style.COLOUR;
        out.append(colour ? BOLD : "").append(oneLine(v.file()));
        if (v.line() != null) {
            out.append(':').append(v.line()).append(':').append(v.column());
        }
        out.append(':')
                .append(colour ? RESET : "")
                .append(' ')
                .append(colour ? (v.isError() ? RED : YELLOW) : "")
                .append(v.severity().label())
                .append(colour ? RESET + DIM : "")
                .append(" [")
                .append(v.rule().id())
                .append("]")
                .append(colour ? RESET : "")
                .append(' ')
                .append(oneLine(v.message()))
                .append('\n');
    }

    /** A message (or a file name from a zip) never breaks the one-line-per-problem format. */
    private static String oneLine(String text) {
        return text.replace('\n', ' ').replace('\r', ' ');
    }
}
