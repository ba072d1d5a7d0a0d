package dev.pressroom.content.importer;

/** An import that cannot go on: which file, which line (1-based, 0 when the whole file), and why. */
public class ImportException extends RuntimeException {

    private final String file;
    private final int line;
    private final String reason;

    public ImportException(String file, int line, String reason) {
        super(file + (line > 0 ? ":" + line : "") + ": " + reason, null, false, false);
        this.file = file;
        this.line = line;
        this.reason = reason;
    }

    public String file() {
        return file;
    }

    public int line() {
        return line;
    }

    public String reason() {
        return reason;
    }
}
