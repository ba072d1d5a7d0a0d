package dev.pressroom.manifest.cli;

import dev.pressroom.manifest.pkg.PackageNames;
import dev.pressroom.manifest.pkg.PackageValidator;
import dev.pressroom.manifest.report.BatchReport;
import dev.pressroom.manifest.report.ReportFormat;
import dev.pressroom.manifest.report.Reports;
import dev.pressroom.manifest.report.TextReport;
import dev.pressroom.manifest.validation.ManifestValidator;
import dev.pressroom.manifest.validation.Rule;
import dev.pressroom.manifest.validation.Severity;
import dev.pressroom.manifest.validation.ValidationReport;
import dev.pressroom.manifest.validation.Violation;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code pressroom-manifest validate}: the CLI's whole behaviour in plain Java over the service's engine, so the CLI
 * (jar or native binary, a thin Quarkus main around this) and the service report the same findings in the same words.
 */
public final class ValidateCommand {

    public static final int VALID = 0;
    public static final int INVALID = 1;
    public static final int CANNOT_RUN = 2;
    /** No file is read past the service's package limit: such a file is a finding, not a reason to run out of memory. */
    static final long MAX_FILE_BYTES = 32L * 1024 * 1024;

    private final ManifestValidator manifests;
    private final PackageValidator packages;

    public ValidateCommand(ManifestValidator manifests, PackageValidator packages) {
        this.manifests = manifests;
        this.packages = packages;
    }

    /** Where output goes, and whether text may be coloured (stdout is a terminal and NO_COLOR is unset). */
    public record Console(PrintStream out, PrintStream err, boolean colour) {}

    public int run(String[] args, Console console) {
        CliOptions options;
        Discovery discovery;
        try {
            options = CliOptions.parse(args);
            discovery = Discovery.of(options.paths());
        } catch (CliOptions.UsageException e) {
            console.err().println("pressroom-manifest: " + e.getMessage());
            console.err().print(CliOptions.USAGE);
            return CANNOT_RUN;
        } catch (Discovery.BadPathException | IOException e) {
            console.err().println("pressroom-manifest: " + e.getMessage());
            return CANNOT_RUN;
        }
        List<BatchReport.Item> items = new ArrayList<>();
        for (Input input : discovery.inputs()) {
            try {
                items.add(new BatchReport.Item(input.name(), validate(input)));
            } catch (IOException e) {
                console.err().println("pressroom-manifest: cannot read " + input.name() + ": " + e.getMessage());
                return CANNOT_RUN;
            }
        }
        BatchReport batch = new BatchReport(items);
        String rendered = render(batch, discovery.batch(), options, console);
        try {
            if (options.output() == null) {
                console.out().print(rendered);
                console.out().flush();
            } else {
                Files.writeString(options.output(), rendered, StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            console.err().println("pressroom-manifest: cannot write " + options.output() + ": " + e.getMessage());
            return CANNOT_RUN;
        }
        console.err().println(batch.summary().describe());
        return batch.valid() ? VALID : INVALID;
    }

    ValidationReport validate(Input input) throws IOException {
        if (input instanceof Input.Folder folder) {
            return packages.validateFolder(
                    folder.path(), new PackageNames(folder.name(), folder.name() + "/" + ManifestValidator.FILE));
        }
        long size = Files.size(input.path());
        if (size > MAX_FILE_BYTES) {
            return tooLarge(input.name(), size);
        }
        byte[] bytes = Files.readAllBytes(input.path());
        if (input instanceof Input.Zip zip) {
            return packages.validate(bytes, PackageNames.ofZip(zip.name()));
        }
        return manifests.validate(bytes, input.name(), null);
    }

    private static String render(BatchReport batch, boolean asBatch, CliOptions options, Console console) {
        if (options.format() == ReportFormat.TEXT && options.output() == null && console.colour()) {
            return TextReport.render(batch.reports(), TextReport.Style.COLOUR);
        }
        return asBatch
                ? Reports.render(batch, options.format())
                : Reports.render(batch.items().get(0).report(), options.format());
    }

    private static ValidationReport tooLarge(String name, long size) {
        return new ValidationReport(
                null,
                List.of(new Violation(
                        Severity.ERROR,
                        Rule.PACKAGE_LIMITS,
                        name,
                        null,
                        "The file is " + size + " bytes; the largest package the platform accepts is " + MAX_FILE_BYTES
                                + " bytes.",
                        null,
                        null,
                        null)),
                List.of());
    }
}
