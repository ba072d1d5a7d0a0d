package dev.pressroom.manifest.cli;

import java.nio.file.Path;

/**
 * One thing to validate, and the name its findings carry: the path as the user wrote it (or as found below a
 * folder they named), with forward slashes, so CI annotations and SARIF point at the file in the repository.
 */
sealed interface Input {

    Path path();

    String name();

    /** A manifest.json on its own (what the pre-commit hook passes). */
    record Manifest(Path path, String name) implements Input {}

    /** An add-on package as published. */
    record Zip(Path path, String name) implements Input {}

    /** An add-on folder, validated as the package zipping its contents would be. */
    record Folder(Path path, String name) implements Input {}
}
