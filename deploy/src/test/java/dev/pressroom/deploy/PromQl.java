package dev.pressroom.deploy;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A structural reading of a PromQL expression (no Prometheus here to ask): brackets balance and nest, strings close,
 * label matchers have a label, an operator and a quoted value (a regex that compiles), ranges are durations (or
 * Grafana's interval variables), every call names a PromQL function or aggregation, and every other name is a metric.
 * Not a full grammar: it finds the mistakes that would otherwise surface only as a rule Prometheus refuses or a
 * panel that stays empty.
 */
record PromQl(Set<String> metrics, List<Matcher> matchers) {

    /** One label matcher, as in {@code job=~"a|b"}. */
    record Matcher(String label, String operator, String value) {}

    private static final Set<String> FUNCTIONS = Set.of(
            "rate",
            "irate",
            "increase",
            "delta",
            "deriv",
            "histogram_quantile",
            "absent",
            "absent_over_time",
            "clamp_min",
            "clamp_max",
            "max_over_time",
            "min_over_time",
            "avg_over_time",
            "sum_over_time",
            "label_replace",
            "vector",
            "scalar",
            "abs",
            "ceil",
            "floor",
            "round",
            "sort",
            "sort_desc",
            "time");
    private static final Set<String> AGGREGATIONS = Set.of(
            "sum",
            "min",
            "max",
            "avg",
            "count",
            "topk",
            "bottomk",
            "quantile",
            "stddev",
            "stdvar",
            "count_values",
            "group");
    /** Keywords followed by a parenthesised list of label names. */
    private static final Set<String> LABEL_LISTS =
            Set.of("by", "without", "on", "ignoring", "group_left", "group_right");

    private static final Set<String> OPERATOR_WORDS = Set.of("and", "or", "unless", "bool");
    private static final Pattern RANGE =
            Pattern.compile("(\\d+(ms|s|m|h|d|w|y))+(:(\\d+(ms|s|m|h|d|w|y))*)?|\\$__(rate_interval|interval|range)");
    private static final Pattern NAME = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
    private static final Pattern LABEL = Pattern.compile("[a-zA-Z_][a-zA-Z0-9_]*");
    private static final Map<Character, Character> CLOSING = Map.of('(', ')', '[', ']', '{', '}');

    /** Reads an expression; throws IllegalArgumentException naming the position of the first structural error. */
    static PromQl parse(String expr) {
        return new Reader(expr).read();
    }

    private static final class Reader {
        private final String text;
        private int at;
        private final Deque<Character> open = new ArrayDeque<>();
        private final Set<String> metrics = new LinkedHashSet<>();
        private final List<Matcher> matchers = new ArrayList<>();

        Reader(String text) {
            this.text = text;
        }

        PromQl read() {
            if (text == null || text.isBlank()) {
                throw error("empty expression");
            }
            while (skipSpace()) {
                char c = text.charAt(at);
                if (c == '(') {
                    open.push(c);
                    at++;
                } else if (c == ')') {
                    close(c);
                } else if (c == '{') {
                    matchers();
                } else if (c == '[') {
                    range();
                } else if (c == '"' || c == '\'') {
                    string();
                } else if (Character.isDigit(c)
                        || (c == '.' && at + 1 < text.length() && Character.isDigit(text.charAt(at + 1)))) {
                    number();
                } else if (NAME.matcher(String.valueOf(c)).matches()) {
                    name();
                } else if ("+-*/%^=!<>,".indexOf(c) >= 0) {
                    operator();
                } else {
                    throw error("unexpected '" + c + "'");
                }
            }
            if (!open.isEmpty()) {
                throw error("'" + open.peek() + "' is never closed");
            }
            return new PromQl(Set.copyOf(metrics), List.copyOf(matchers));
        }

        private void name() {
            String name = word(NAME);
            int after = at;
            skipSpace();
            boolean call = at < text.length() && text.charAt(at) == '(';
            if (LABEL_LISTS.contains(name)) {
                labelList(name);
            } else if (AGGREGATIONS.contains(name) && (call || nextWordIsGrouping())) {
                return;
            } else if (call) {
                if (!FUNCTIONS.contains(name)) {
                    throw error("unknown function " + name + "()");
                }
            } else if (!OPERATOR_WORDS.contains(name) && !name.equals("offset")) {
                metrics.add(name);
                at = after;
            }
        }

        private boolean nextWordIsGrouping() {
            java.util.regex.Matcher m = NAME.matcher(text).region(at, text.length());
            return m.lookingAt() && (m.group().equals("by") || m.group().equals("without"));
        }

        /** {@code by (uri, le)}: label names only. */
        private void labelList(String keyword) {
            if (!skipSpace() || text.charAt(at) != '(') {
                if (keyword.startsWith("group_")) {
                    return; // group_left without labels
                }
                throw error(keyword + " needs a label list");
            }
            at++;
            while (true) {
                if (!skipSpace()) {
                    throw error(keyword + " (...) is never closed");
                }
                char c = text.charAt(at);
                if (c == ')') {
                    at++;
                    return;
                }
                if (c == ',') {
                    at++;
                    continue;
                }
                word(LABEL);
            }
        }

        /** {@code {job="x", status=~"5.."}}. */
        private void matchers() {
            at++;
            while (true) {
                if (!skipSpace()) {
                    throw error("'{' is never closed");
                }
                if (text.charAt(at) == '}') {
                    at++;
                    return;
                }
                String label = word(LABEL);
                skipSpace();
                String operator = matcherOperator();
                skipSpace();
                if (at >= text.length() || text.charAt(at) != '"') {
                    throw error("label " + label + " needs a double-quoted value");
                }
                String value = string();
                if (operator.endsWith("~")) {
                    try {
                        Pattern.compile(value);
                    } catch (PatternSyntaxException e) {
                        throw error("label " + label + ": bad regex " + value);
                    }
                }
                matchers.add(new Matcher(label, operator, value));
                skipSpace();
                if (at < text.length() && text.charAt(at) == ',') {
                    at++;
                } else if (at >= text.length() || text.charAt(at) != '}') {
                    throw error("expected ',' or '}' after a label matcher");
                }
            }
        }

        private String matcherOperator() {
            for (String op : List.of("=~", "!~", "!=", "=")) {
                if (text.startsWith(op, at)) {
                    at += op.length();
                    return op;
                }
            }
            throw error("expected =, !=, =~ or !~");
        }

        private void range() {
            int end = text.indexOf(']', at);
            if (end < 0) {
                throw error("'[' is never closed");
            }
            String range = text.substring(at + 1, end).trim();
            if (!RANGE.matcher(range).matches()) {
                throw error("not a duration: [" + range + "]");
            }
            at = end + 1;
        }

        private String string() {
            char quote = text.charAt(at);
            StringBuilder value = new StringBuilder();
            for (int i = at + 1; i < text.length(); i++) {
                char c = text.charAt(i);
                if (c == '\\' && i + 1 < text.length()) {
                    value.append(text.charAt(++i));
                } else if (c == quote) {
                    at = i + 1;
                    return value.toString();
                } else {
                    value.append(c);
                }
            }
            throw error("string is never closed");
        }

        private void number() {
            while (at < text.length() && (Character.isLetterOrDigit(text.charAt(at)) || text.charAt(at) == '.')) {
                at++;
            }
        }

        private void operator() {
            at++;
            while (at < text.length() && "=<>~".indexOf(text.charAt(at)) >= 0) {
                at++;
            }
        }

        private void close(char c) {
            if (open.isEmpty()) {
                throw error("'" + c + "' closes nothing");
            }
            char opened = open.pop();
            if (CLOSING.get(opened) != c) {
                throw error("'" + opened + "' closed by '" + c + "'");
            }
            at++;
        }

        private String word(Pattern pattern) {
            java.util.regex.Matcher m = pattern.matcher(text).region(at, text.length());
            if (!m.lookingAt()) {
                throw error("expected a name");
            }
            at = m.end();
            return m.group();
        }

        /** Moves past white space; false at the end of the text. */
        private boolean skipSpace() {
            while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
                at++;
            }
            return at < text.length();
        }

        private IllegalArgumentException error(String message) {
            return new IllegalArgumentException(message + " at " + at + " in: " + text);
        }
    }
}
