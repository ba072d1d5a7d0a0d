package dev.pressroom.content.render;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the card directives of a document ({@code :::name key="value" ...} up to a line {@code :::}) and
 * leaves everything else to the Markdown parser. Directives inside fenced code blocks are text, as a reader expects.
 */
public final class CardSplitter {

    private static final Pattern OPEN = Pattern.compile("^:::\\s*([a-z][a-z-]*)\\s*(.*)$");
    private static final Pattern CLOSE = Pattern.compile("^:::\\s*$");
    private static final Pattern FENCE = Pattern.compile("^ {0,3}(`{3,}|~{3,})");
    private static final Pattern ATTRIBUTE = Pattern.compile("\\G\\s*([a-z][a-z_-]*)=(?:\"([^\"]*)\"|([^\\s\"]+))");

    private CardSplitter() {}

    public static List<Segment> split(String source, int firstLine) {
        List<Segment> segments = new ArrayList<>();
        String[] lines = source.split("\r?\n", -1);
        StringBuilder markdown = new StringBuilder();
        int markdownStart = firstLine;
        FenceTracker fences = new FenceTracker();
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            int lineNumber = firstLine + i;
            if (fences.inCode(line)) {
                markdown.append(line).append('\n');
                continue;
            }
            Matcher open = OPEN.matcher(line);
            if (!open.matches()) {
                if (CLOSE.matcher(line).matches()) {
                    throw new MarkdownException(lineNumber, "':::' closes no card");
                }
                markdown.append(line).append('\n');
                continue;
            }
            flush(segments, markdownStart, markdown);
            int close = findClose(lines, i + 1, firstLine);
            if (close < 0) {
                throw new MarkdownException(
                        lineNumber, "card ':::" + open.group(1) + "' is never closed by a line ':::'");
            }
            segments.add(card(open, lineNumber, String.join("\n", Arrays.copyOfRange(lines, i + 1, close))));
            i = close;
            markdownStart = firstLine + close + 1;
        }
        flush(segments, markdownStart, markdown);
        return segments;
    }

    private static int findClose(String[] lines, int from, int firstLine) {
        FenceTracker fences = new FenceTracker();
        for (int j = from; j < lines.length; j++) {
            if (fences.inCode(lines[j])) {
                continue;
            }
            if (OPEN.matcher(lines[j]).matches()) {
                throw new MarkdownException(
                        firstLine + j, "cards cannot be nested; close the card above with ':::' first");
            }
            if (CLOSE.matcher(lines[j]).matches()) {
                return j;
            }
        }
        return -1;
    }

    /** Tracks fenced code blocks (CommonMark §4.5): a fence closes with the same character, at least as long. */
    private static final class FenceTracker {
        private String fence;

        /** True when the line opens, closes or lies inside a fenced code block. */
        boolean inCode(String line) {
            Matcher m = FENCE.matcher(line);
            if (m.find()) {
                String marker = m.group(1);
                if (fence == null) {
                    fence = marker;
                } else if (marker.charAt(0) == fence.charAt(0) && marker.length() >= fence.length()) {
                    fence = null;
                }
                return true;
            }
            return fence != null;
        }
    }

    private static Segment.Card card(Matcher open, int lineNumber, String body) {
        String name = open.group(1);
        CardType type = CardType.byDirective(name)
                .orElseThrow(() -> new MarkdownException(
                        lineNumber,
                        "unknown card ':::" + name + "' (known: " + String.join(", ", CardType.directives()) + ")"));
        Map<String, String> attributes = attributes(type, open.group(2), lineNumber);
        for (String required : type.required()) {
            if (attributes.getOrDefault(required, "").isBlank()) {
                throw new MarkdownException(lineNumber, "card ':::" + name + "' needs the attribute " + required);
            }
        }
        return new Segment.Card(lineNumber, type, attributes, lineNumber + 1, body);
    }

    private static Map<String, String> attributes(CardType type, String text, int lineNumber) {
        Map<String, String> attributes = new LinkedHashMap<>();
        Matcher m = ATTRIBUTE.matcher(text);
        int end = 0;
        while (m.find()) {
            String key = m.group(1);
            if (!type.accepts(key)) {
                throw new MarkdownException(lineNumber, "card ':::" + type.directive() + "' has no attribute " + key);
            }
            if (attributes.put(key, m.group(2) != null ? m.group(2) : m.group(3)) != null) {
                throw new MarkdownException(lineNumber, "attribute " + key + " is given twice");
            }
            end = m.end();
        }
        if (!text.substring(end).isBlank()) {
            throw new MarkdownException(
                    lineNumber,
                    "cannot read the card attributes at '" + text.substring(end).strip() + "' (write key=\"value\")");
        }
        return attributes;
    }

    private static void flush(List<Segment> segments, int start, StringBuilder markdown) {
        if (!markdown.isEmpty()) {
            segments.add(new Segment.Markdown(start, markdown.toString()));
            markdown.setLength(0);
        }
    }
}
