package dev.pressroom.manifest.pkg;

import dev.pressroom.manifest.validation.Rule;

/** The package cannot be examined further (not a zip, or a zip bomb); one clear error ends the check. */
final class PackageException extends Exception {

    private final Rule rule;

    PackageException(Rule rule, String message) {
        super(message, null, false, false);
        this.rule = rule;
    }

    Rule rule() {
        return rule;
    }
}
