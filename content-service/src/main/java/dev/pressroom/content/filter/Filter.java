package dev.pressroom.content.filter;

import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The syntax tree of a filter expression. Values are typed by their field when parsed (String for slugs, Boolean,
 * Instant for dates, Integer for numbers), so compilation never meets a malformed value.
 */
public sealed interface Filter permits Filter.And, Filter.Or, Filter.Condition {

    /** Comparison operators; IN is a bracketed list. */
    enum Op {
        EQ("", "="),
        GT(">", ">"),
        GTE(">=", ">="),
        LT("<", "<"),
        LTE("<=", "<="),
        IN("", "= ANY");

        final String text;
        final String sql;

        Op(String text, String sql) {
            this.text = text;
            this.sql = sql;
        }
    }

    record And(List<Filter> parts) implements Filter {
        public And {
            parts = List.copyOf(parts);
        }
    }

    record Or(List<Filter> parts) implements Filter {
        public Or {
            parts = List.copyOf(parts);
        }
    }

    /** {@code field:[-][op]value} or {@code field:[-][a,b]}; {@code negated} is the leading '-'. */
    record Condition(FilterField field, boolean negated, Op op, List<Object> values) implements Filter {
        public Condition {
            values = List.copyOf(values);
        }
    }

    /** Canonical text (one spelling per tree): keys answers and ETags, and parses back to the same tree. */
    static String print(Filter filter) {
        if (filter instanceof Or or) {
            return or.parts().stream().map(Filter::print).collect(Collectors.joining(","));
        }
        if (filter instanceof And and) {
            return and.parts().stream()
                    .map(p -> p instanceof Or ? "(" + print(p) + ")" : print(p))
                    .collect(Collectors.joining("+"));
        }
        Condition c = (Condition) filter;
        String value = c.op() == Op.IN
                ? c.values().stream().map(Filter::literal).collect(Collectors.joining(",", "[", "]"))
                : c.op().text + literal(c.values().get(0));
        return c.field().name + ":" + (c.negated() ? "-" : "") + value;
    }

    private static String literal(Object value) {
        if (value instanceof String s) {
            return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'";
        }
        if (value instanceof Instant i) {
            return "'" + i + "'";
        }
        return String.valueOf(value);
    }
}
