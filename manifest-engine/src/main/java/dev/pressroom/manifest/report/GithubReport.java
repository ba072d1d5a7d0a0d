package dev.pressroom.manifest.report;

import dev.pressroom.manifest.validation.ValidationReport;
import dev.pressroom.manifest.validation.Violation;
import java.util.List;
import java.util.stream.Stream;

/**
 * GitHub Actions workflow commands: {@code ::error file=F,line=L,col=C,title=T::message} per problem (warnings as
 * {@code ::warning}), which the runner turns into annotations on the pull request's files. Escaped as the Actions
 * toolkit does (command.ts): {@code %}, CR and LF in the message; also {@code :} and {@code ,} in properties.
 */
final class GithubReport {

    private GithubReport() {}

    static String render(List<ValidationReport> reports) {
        StringBuilder out = new StringBuilder();
        reports.stream()
                .flatMap(report -> Stream.concat(report.errors().stream(), report.warnings().stream()))
                .forEach(v -> line(v, out));
        return out.toString();
    }

    private static void line(Violation v, StringBuilder out) {
        out.append("::")
                .append(v.isError() ? "error" : "warning")
                .append(" file=")
                .append(property(v.file()));
        if (v.line() != null) {
            out.append(",line=").append(v.line()).append(",col=").append(v.column());
        }
        out.append(",title=")
                .append(property("pressroom-manifest " + v.rule().id()))
                .append("::")
                .append(data(v.message()))
                .append('\n');
    }

    static String data(String text) {
        return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A");
    }

    static String property(String text) {
        return data(text).replace(":", "%3A").replace(",", "%2C");
    }
}
