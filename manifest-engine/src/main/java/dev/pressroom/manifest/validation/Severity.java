package dev.pressroom.manifest.validation;

/** An error makes the manifest or package invalid; a warning is shown but does not. */
public enum Severity {
    ERROR,
    WARNING;

    public String label() {
        return this == ERROR ? "error" : "warning";
    }
}
