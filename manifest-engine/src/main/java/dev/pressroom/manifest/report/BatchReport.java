package dev.pressroom.manifest.report;

import dev.pressroom.manifest.validation.ValidationReport;
import java.util.List;
import java.util.Objects;

/** The reports of several packages validated in one run (a catalog or monorepo), each under the name it came in. */
public record BatchReport(List<Item> items) {

    public BatchReport {
        items = List.copyOf(items);
    }

    /** {@code input} names the package as the caller did: a path for the CLI, the form part's file name over HTTP. */
    public record Item(String input, ValidationReport report) {
        public Item {
            Objects.requireNonNull(input, "input");
            Objects.requireNonNull(report, "report");
        }
    }

    public boolean valid() {
        return items.stream().allMatch(item -> item.report().valid());
    }

    public BatchSummary summary() {
        int valid = (int) items.stream().filter(item -> item.report().valid()).count();
        int errors =
                items.stream().mapToInt(item -> item.report().errors().size()).sum();
        int warnings =
                items.stream().mapToInt(item -> item.report().warnings().size()).sum();
        return new BatchSummary(items.size(), valid, items.size() - valid, errors, warnings);
    }

    public List<ValidationReport> reports() {
        return items.stream().map(Item::report).toList();
    }
}
