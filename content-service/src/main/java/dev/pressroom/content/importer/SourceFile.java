package dev.pressroom.content.importer;

/**
 * A Markdown file split at its front matter: {@code ---} on the first line, YAML, {@code ---}, then the body.
 * Line numbers are kept so every error can point at the file's own lines.
 */
record SourceFile(String name, String frontMatter, int frontMatterLine, String body, int bodyLine) {

    static SourceFile parse(String name, String text) {
        String normalized = text.startsWith("\uFEFF") ? text.substring(1) : text;
        String[] lines = normalized.split("\r?\n", -1);
        if (lines.length == 0 || !lines[0].strip().equals("---")) {
            throw new ImportException(name, 1, "a post starts with front matter: a line '---', YAML, and a line '---'");
        }
        for (int i = 1; i < lines.length; i++) {
            if (lines[i].strip().equals("---")) {
                String yaml = String.join("\n", java.util.Arrays.copyOfRange(lines, 1, i));
                String body = String.join("\n", java.util.Arrays.copyOfRange(lines, i + 1, lines.length));
                return new SourceFile(name, yaml, 2, body, i + 2);
            }
        }
        throw new ImportException(name, 1, "front matter is never closed by a line '---'");
    }

    /** The file name without folder and extension, the slug when front matter gives none. */
    String defaultSlug() {
        String file = name.substring(name.lastIndexOf('/') + 1);
        return file.endsWith(".md") ? file.substring(0, file.length() - 3) : file;
    }
}
