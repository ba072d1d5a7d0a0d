package dev.pressroom.manifest.validation;

import java.util.List;

/** Collects findings of checks that run beside the manifest's own (the package checks), located by pointer. */
public final class Problems {

    private final List<Finding> out;

    Problems(List<Finding> out) {
        this.out = out;
    }

    public void error(Rule rule, String pointer, String message) {
        out.add(Finding.error(rule, pointer, message));
    }

    public void warning(Rule rule, String pointer, String message) {
        out.add(Finding.warning(rule, pointer, message));
    }
}
