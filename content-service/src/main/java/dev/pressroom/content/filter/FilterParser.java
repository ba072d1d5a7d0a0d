package dev.pressroom.content.filter;

import dev.pressroom.kernel.error.ApiException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * Recursive-descent parser of the filter language (README, "Filter"):
 * <pre>
 * expr      := and (',' and)*                      ',' is OR (binds looser)
 * and       := unary (('+' | whitespace) unary)*   '+' is AND; a query string's '+' arrives as a space
 * unary     := '(' expr ')' | condition
 * condition := field ':' ['-'] (list | [op] literal)   '-' negates; op is one of &gt; &gt;= &lt; &lt;=
 * list      := '[' literal (',' literal)* ']'
 * literal   := 'quoted text' (\' and \\ escape) | bare (letters, digits, _ . -)
 * </pre>
 * Errors are 400 invalid_filter with the 1-based position of the offending character.
 */
public final class FilterParser {

    public static final int MAX_LENGTH = 2_000;
    static final int MAX_DEPTH = 16;
    static final int MAX_CONDITIONS = 50;
    static final int MAX_LIST = 100;

    private final String text;
    private int pos;
    private int depth;
    private int conditions;

    private FilterParser(String text) {
        this.text = text;
    }

    public static Filter parse(String text) {
        if (text.length() > MAX_LENGTH) {
            throw new ApiException(
                    400, "BadRequestError", "invalid_filter", "filter is at most " + MAX_LENGTH + " characters");
        }
        FilterParser parser = new FilterParser(text);
        parser.skipSpace();
        if (parser.atEnd()) {
            throw parser.error("filter is empty");
        }
        Filter filter = parser.expr();
        parser.skipSpace();
        if (!parser.atEnd()) {
            throw parser.error(
                    "unexpected '" + parser.peek() + "'" + (parser.peek() == ')' ? " (no matching '(')" : ""));
        }
        return filter;
    }

    private Filter expr() {
        if (++depth > MAX_DEPTH) {
            throw error("parentheses nest deeper than " + MAX_DEPTH);
        }
        List<Filter> parts = new ArrayList<>();
        parts.add(and());
        while (true) {
            skipSpace();
            if (!accept(',')) {
                break;
            }
            parts.add(and());
        }
        depth--;
        return parts.size() == 1 ? parts.get(0) : new Filter.Or(parts);
    }

    private Filter and() {
        List<Filter> parts = new ArrayList<>();
        parts.add(unary());
        while (true) {
            boolean spaced = skipSpace() > 0;
            if (accept('+')) {
                parts.add(unary());
            } else if (spaced && !atEnd() && (peek() == '(' || isFieldChar(peek()))) {
                parts.add(unary());
            } else {
                break;
            }
        }
        return parts.size() == 1 ? parts.get(0) : new Filter.And(parts);
    }

    private Filter unary() {
        skipSpace();
        if (accept('(')) {
            int open = pos;
            Filter inner = expr();
            skipSpace();
            if (!accept(')')) {
                throw atEnd() ? at(open - 1, "'(' is never closed") : error("expected ')'");
            }
            return inner;
        }
        return condition();
    }

    private Filter condition() {
        int start = pos;
        while (!atEnd() && isFieldChar(peek())) {
            pos++;
        }
        if (start == pos) {
            throw error(
                    atEnd() ? "expected a field name, found the end" : "expected a field name, found '" + peek() + "'");
        }
        String name = text.substring(start, pos);
        FilterField field = FilterField.of(name)
                .orElseThrow(() -> at(
                        start,
                        "unknown field '" + name
                                + "' (fields: tag, author, primary_tag, primary_author, featured, slug, id, published_at, updated_at,"
                                + " reading_time, word_count)"))
                .canonical();
        if (!accept(':')) {
            throw error("expected ':' after " + name);
        }
        if (++conditions > MAX_CONDITIONS) {
            throw at(start, "a filter has at most " + MAX_CONDITIONS + " conditions");
        }
        boolean negated = accept('-');
        if (peekIs('[')) {
            return new Filter.Condition(field, negated, Filter.Op.IN, list(field));
        }
        Filter.Op op = operator();
        if (op != Filter.Op.EQ && !field.kind.ordered()) {
            throw at(
                    pos - op.text.length(),
                    name + " cannot be compared with " + op.text + " (only dates and numbers can)");
        }
        return new Filter.Condition(field, negated, op, List.of(value(field)));
    }

    private Filter.Op operator() {
        if (accept('>')) {
            return accept('=') ? Filter.Op.GTE : Filter.Op.GT;
        }
        if (accept('<')) {
            return accept('=') ? Filter.Op.LTE : Filter.Op.LT;
        }
        return Filter.Op.EQ;
    }

    private List<Object> list(FilterField field) {
        int open = pos;
        pos++;
        List<Object> values = new ArrayList<>();
        do {
            skipSpace();
            if (values.size() == MAX_LIST) {
                throw error("a list has at most " + MAX_LIST + " values");
            }
            values.add(value(field));
            skipSpace();
        } while (accept(','));
        if (!accept(']')) {
            throw atEnd() ? at(open, "'[' is never closed") : error("expected ',' or ']'");
        }
        return values;
    }

    /** A literal, typed by the field: 400 at its position when it is not a value of that kind. */
    private Object value(FilterField field) {
        int start = pos;
        String literal = literal();
        return switch (field.kind) {
            case SLUG -> literal;
            case BOOLEAN ->
                switch (literal) {
                    case "true" -> true;
                    case "false" -> false;
                    default -> throw at(start, field.name + " takes true or false");
                };
            case NUMBER -> {
                if (!literal.matches("[0-9]{1,9}")) {
                    throw at(start, field.name + " takes a whole number");
                }
                yield Integer.parseInt(literal);
            }
            case DATE -> date(literal, start, field);
        };
    }

    /** '2025-01-01' (midnight UTC), '2025-01-01 10:00[:00]' (UTC, Ghost's form) or ISO 8601 with an offset. */
    private Instant date(String literal, int start, FilterField field) {
        try {
            if (literal.length() == 10) {
                return LocalDate.parse(literal).atStartOfDay(ZoneOffset.UTC).toInstant();
            }
            String iso = literal.replace(' ', 'T');
            if (iso.endsWith("Z") || iso.matches(".*[+-][0-9]{2}:[0-9]{2}$")) {
                return OffsetDateTime.parse(iso).toInstant();
            }
            return LocalDateTime.parse(iso).toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            throw at(start, field.name + " takes a date such as '2025-01-31' or '2025-01-31T10:00:00Z'");
        }
    }

    private String literal() {
        if (atEnd()) {
            throw error("expected a value, found the end");
        }
        if (accept('\'')) {
            int open = pos - 1;
            StringBuilder value = new StringBuilder();
            while (!atEnd() && peek() != '\'') {
                char c = text.charAt(pos++);
                if (c == '\\') {
                    if (atEnd()) {
                        break;
                    }
                    c = text.charAt(pos++);
                }
                value.append(c);
            }
            if (!accept('\'')) {
                throw at(open, "quote is never closed");
            }
            return value.toString();
        }
        int start = pos;
        while (!atEnd() && isBareChar(peek())) {
            pos++;
        }
        if (start == pos) {
            throw error("expected a value, found '" + peek() + "'");
        }
        return text.substring(start, pos);
    }

    private static boolean isFieldChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    }

    private static boolean isBareChar(char c) {
        return (c >= 'a' && c <= 'z')
                || (c >= 'A' && c <= 'Z')
                || (c >= '0' && c <= '9')
                || c == '_'
                || c == '.'
                || c == '-';
    }

    /** Skips spaces; returns how many. */
    private int skipSpace() {
        int start = pos;
        while (!atEnd() && (peek() == ' ' || peek() == '\t')) {
            pos++;
        }
        return pos - start;
    }

    private boolean accept(char c) {
        if (!atEnd() && peek() == c) {
            pos++;
            return true;
        }
        return false;
    }

    private boolean peekIs(char c) {
        return !atEnd() && peek() == c;
    }

    private char peek() {
        return text.charAt(pos);
    }

    private boolean atEnd() {
        return pos >= text.length();
    }

    private ApiException error(String message) {
        return at(pos, message);
    }

    private ApiException at(int position, String message) {
        return new ApiException(
                400,
                "BadRequestError",
                "invalid_filter",
                "Invalid filter at position " + (position + 1) + ": " + message + ".");
    }
}
