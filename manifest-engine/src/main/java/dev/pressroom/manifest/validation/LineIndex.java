package dev.pressroom.manifest.validation;

import java.util.Arrays;

/**
 * Turns byte offsets into 1-based line and column. Lines end at LF, CRLF or a lone CR (the JSON whitespace
 * characters that break lines); columns count Unicode code points, as decision D1 counts lengths, so a
 * column is the same whatever the characters before it on the line.
 */
final class LineIndex {

    private final byte[] text;
    private final int[] lineStarts;
    private int lastLine = -1;
    private int lastOffset;
    private int lastColumn;

    LineIndex(byte[] text) {
        this.text = text;
        int[] starts = new int[16];
        int count = 1;
        for (int i = 0; i < text.length; i++) {
            byte b = text[i];
            boolean lineEnd = b == '\n' || (b == '\r' && (i + 1 >= text.length || text[i + 1] != '\n'));
            if (lineEnd) {
                if (count == starts.length) {
                    starts = Arrays.copyOf(starts, count * 2);
                }
                starts[count++] = i + 1;
            }
        }
        this.lineStarts = Arrays.copyOf(starts, count);
    }

    /**
     * Returns {line, column} for a byte offset, clamped to the text. Calls with non-decreasing offsets continue
     * counting from the previous answer, so locating every problem of a one-line document stays linear.
     */
    int[] locate(long offset) {
        int at = (int) Math.max(0, Math.min(offset, text.length));
        int line = Arrays.binarySearch(lineStarts, at);
        if (line < 0) {
            line = -line - 2;
        }
        int from = lineStarts[line];
        int column = 1;
        if (line == lastLine && at >= lastOffset) {
            from = lastOffset;
            column = lastColumn;
        }
        for (int i = from; i < at; i++) {
            if ((text[i] & 0xC0) != 0x80) {
                column++;
            }
        }
        lastLine = line;
        lastOffset = at;
        lastColumn = column;
        return new int[] {line + 1, column};
    }
}
