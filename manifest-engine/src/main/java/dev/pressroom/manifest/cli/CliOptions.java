package dev.pressroom.manifest.cli;

import dev.pressroom.manifest.report.ReportFormat;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code validate <path>... [--format text|json|sarif|github|codequality] [--output FILE]}, parsed. {@code --format=x} and
 * {@code --format x} are both accepted; {@code --} ends the options (for paths starting with a dash).
 */
record CliOptions(List<String> paths, ReportFormat format, Path output) {

    static final String USAGE = """
            Usage: pressroom-manifest validate <path>... [--format FORMAT] [--output FILE]

              <path>    a manifest.json (or any .json file), an add-on package (.zip), an add-on folder (with
                        manifest.json), or a folder of add-ons (every folder with a manifest.json and every .zip below it)
              --format  text (default): file:line:column: error [rule] message; json: the service's report;
                        sarif: SARIF 2.1.0 for code scanning; github: GitHub Actions annotations
                        (::error file=,line=,col=::); codequality: GitLab Code Quality report
              --output  write the report to FILE instead of standard output

            Exit status: 0 every add-on valid, 1 an add-on invalid, 2 could not run (bad arguments, unreadable path).
            """;

    /** Bad arguments: the message is printed with the usage, and the exit status is 2. */
    static final class UsageException extends Exception {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message, null, false, false);
        }
    }

    static CliOptions parse(String[] args) throws UsageException {
        if (args.length == 0 || !args[0].equals("validate")) {
            throw new UsageException(
                    args.length == 0 ? "missing command" : "unknown command \"" + args[0] + "\"; use validate");
        }
        List<String> paths = new ArrayList<>();
        ReportFormat format = ReportFormat.TEXT;
        Path output = null;
        boolean optionsEnded = false;
        for (int i = 1; i < args.length; i++) {
            String arg = args[i];
            if (optionsEnded || !arg.startsWith("-") || arg.equals("-")) {
                paths.add(arg);
            } else if (arg.equals("--")) {
                optionsEnded = true;
            } else if (arg.equals("--format") || arg.startsWith("--format=")) {
                String name = arg.equals("--format") ? value(args, ++i, arg) : arg.substring("--format=".length());
                format = ReportFormat.byName(name)
                        .orElseThrow(() -> new UsageException(
                                "--format must be text, json, sarif, github or codequality, not \"" + name + "\""));
            } else if (arg.equals("--output") || arg.startsWith("--output=")) {
                String file = arg.equals("--output") ? value(args, ++i, arg) : arg.substring("--output=".length());
                if (file.isEmpty()) {
                    throw new UsageException("--output needs a file name");
                }
                output = Path.of(file);
            } else {
                throw new UsageException("unknown option " + arg);
            }
        }
        if (paths.isEmpty()) {
            throw new UsageException("no path to validate");
        }
        return new CliOptions(List.copyOf(paths), format, output);
    }

    private static String value(String[] args, int at, String option) throws UsageException {
        if (at >= args.length) {
            throw new UsageException(option + " needs a value");
        }
        return args[at];
    }
}
