package dev.pressroom.manifest.compat;

import com.github.zafarkhaja.semver.Version;
import dev.pressroom.manifest.compat.Comparator.Op;
import java.util.ArrayList;
import java.util.List;

/**
 * node-semver's range.bnf with the changes of decision D2: no empty range or alternative, one or more spaces
 * where the BNF has one, no space after an operator, no leading or trailing space, wildcards only as trailing
 * parts, -pre/+build only after a full version, and none of v-prefix, ~>, &amp;, !=, parentheses, commas, intervals.
 */
final class RangeParser {

    private enum Kind {
        NONE,
        LT,
        LE,
        GT,
        GE,
        EQ,
        TILDE,
        CARET
    }

    /** A partial version: null parts are wildcards or missing (node-semver's isX). */
    private record Partial(Long major, Long minor, Long patch, String pre) {}

    private final Cursor c;

    RangeParser(String text) {
        this.c = new Cursor(text);
    }

    NpmRange parse() throws SemverException {
        if (c.text.isEmpty()) {
            throw new SemverException("The range is empty (an empty range would allow any version)");
        }
        if (c.peek() == ' ') {
            throw c.error("The range starts with a space");
        }
        List<List<Comparator>> alternatives = new ArrayList<>();
        while (true) {
            alternatives.add(parseAlternative());
            if (c.atEnd()) {
                return NpmRange.of(alternatives);
            }
            c.pos += 2; // at "||", checked by parseAlternative
            skipSpaces();
            if (c.atEnd()) {
                throw c.error("Expected a range after '||' (an empty alternative would allow any version)");
            }
        }
    }

    private List<Comparator> parseAlternative() throws SemverException {
        if (c.startsWith("||")) {
            throw c.error("Expected a range before '||' (an empty alternative would allow any version)");
        }
        List<Comparator> set = new ArrayList<>();
        boolean first = true;
        while (true) {
            Kind kind = readOperator();
            Partial partial = readPartial();
            int spaces = skipSpaces();
            if (first && kind == Kind.NONE && spaces > 0 && c.peek() == '-') {
                c.pos++;
                if (skipSpaces() == 0) {
                    throw c.error("Expected a space after '-' in a hyphen range (A - B)");
                }
                Partial to = readPartial();
                hyphen(partial, to, set);
                endOfAlternative(skipSpaces(), "A hyphen range (A - B) cannot be combined with other comparators");
                return set;
            }
            desugar(kind, partial, set);
            first = false;
            if (endOfAlternative(spaces, null)) {
                return set;
            }
        }
    }

    /** True at the end of the alternative; false when another comparator follows after at least one space. */
    private boolean endOfAlternative(int spaces, String notEndMessage) throws SemverException {
        if (c.atEnd()) {
            if (spaces > 0) {
                c.pos -= spaces;
                throw c.error("The range ends with a space");
            }
            return true;
        }
        if (c.startsWith("||")) {
            return true;
        }
        if (notEndMessage != null) {
            throw c.error(notEndMessage);
        }
        if (spaces == 0) {
            throw c.error("Expected a space, '||' or the end of the range");
        }
        return false;
    }

    private int skipSpaces() {
        int start = c.pos;
        while (c.peek() == ' ' && !c.atEnd()) {
            c.pos++;
        }
        return c.pos - start;
    }

    private Kind readOperator() throws SemverException {
        rejectForeignSyntax();
        Kind kind;
        if (c.startsWith(">=")) {
            kind = Kind.GE;
        } else if (c.startsWith("<=")) {
            kind = Kind.LE;
        } else {
            kind = switch (c.peek()) {
                case '>' -> Kind.GT;
                case '<' -> Kind.LT;
                case '=' -> Kind.EQ;
                case '~' -> Kind.TILDE;
                case '^' -> Kind.CARET;
                default -> Kind.NONE;
            };
        }
        c.pos += kind == Kind.GE || kind == Kind.LE ? 2 : kind == Kind.NONE ? 0 : 1;
        if (kind != Kind.NONE && c.peek() == ' ') {
            throw c.error("No space is allowed between an operator and its version");
        }
        if (kind != Kind.NONE) {
            rejectForeignSyntax();
        }
        return kind;
    }

    private void rejectForeignSyntax() throws SemverException {
        char ch = c.peek();
        if (c.startsWith("~>")) {
            throw c.error("'~>' is not npm range syntax; use ~1.2.3 or >=1.2.3 <1.3.0");
        }
        if (ch == 'v' || ch == 'V') {
            throw c.error("Versions in a range take no 'v' prefix");
        }
        if (c.startsWith("!=") || ch == '!') {
            throw c.error("'!=' and '!' are not npm range syntax");
        }
        if (ch == '&') {
            throw c.error("'&' is not npm range syntax; separate comparators with a space (AND) or '||' (OR)");
        }
        if (ch == '(' || ch == ')' || ch == '[' || ch == ']' || ch == ',') {
            throw c.error("Parentheses, brackets and commas are not npm range syntax; write e.g. >=2.1.0 <3.0.0");
        }
    }

    private Partial readPartial() throws SemverException {
        Long[] parts = new Long[3];
        String[] names = {"major", "minor", "patch"};
        boolean wildcard = false;
        int count = 0;
        while (count < 3) {
            char ch = c.peek();
            if (ch == 'x' || ch == 'X' || ch == '*') {
                c.pos++;
                wildcard = true;
            } else if (Cursor.isDigit(ch)) {
                if (wildcard) {
                    throw c.error("A wildcard (x, X, *) may only stand in trailing parts");
                }
                parts[count] = Cursor.toLong(c.numericPart(names[count]), names[count]);
            } else {
                throw c.error(
                        count == 0
                                ? "Expected a version (MAJOR.MINOR.PATCH, a partial version or x/*)"
                                : "Expected the " + names[count] + " number or a wildcard after '.'");
            }
            count++;
            if (c.peek() != '.' || count == 3) {
                break;
            }
            c.pos++;
        }
        String pre = null;
        if (c.peek() == '-' || c.peek() == '+') {
            if (count < 3 || wildcard) {
                throw c.error("A prerelease or build needs a full MAJOR.MINOR.PATCH version");
            }
            if (c.peek() == '-') {
                c.pos++;
                pre = c.identifiers(true);
            }
            if (c.peek() == '+') {
                c.pos++;
                c.identifiers(false); // build metadata takes no part in comparisons
            }
        }
        return new Partial(parts[0], parts[1], parts[2], pre);
    }

    // Desugaring, as node-semver's replaceXRange / replaceTilde / replaceCaret / hyphenReplace.

    private static void desugar(Kind kind, Partial p, List<Comparator> out) throws SemverException {
        switch (kind) {
            case NONE, EQ -> xrange(p, out);
            case GT, GE, LT, LE -> comparison(kind, p, out);
            case TILDE -> tilde(p, out);
            case CARET -> caret(p, out);
        }
    }

    private static void xrange(Partial p, List<Comparator> out) throws SemverException {
        if (p.major() == null) {
            return; // "*": any (non-prerelease) version
        }
        if (p.minor() == null) {
            between(v(p.major(), 0, 0), upper(inc(p.major()), 0, 0), out);
        } else if (p.patch() == null) {
            between(v(p.major(), p.minor(), 0), upper(p.major(), inc(p.minor()), 0), out);
        } else {
            out.add(new Comparator(Op.EQ, v(p.major(), p.minor(), p.patch(), p.pre())));
        }
    }

    private static void comparison(Kind kind, Partial p, List<Comparator> out) throws SemverException {
        if (p.major() == null) {
            if (kind == Kind.GT || kind == Kind.LT) {
                out.add(new Comparator(Op.LT, Version.of(0, 0, 0, "0"))); // nothing
            }
            return;
        }
        boolean full = p.patch() != null;
        if (full) {
            Op op = switch (kind) {
                case GT -> Op.GT;
                case GE -> Op.GE;
                case LT -> Op.LT;
                default -> Op.LE;
            };
            out.add(new Comparator(op, v(p.major(), p.minor(), p.patch(), p.pre())));
            return;
        }
        boolean minorX = p.minor() == null;
        long major = p.major();
        long minor = minorX ? 0 : p.minor();
        switch (kind) {
            case GT -> out.add(new Comparator(Op.GE, minorX ? v(inc(major), 0, 0) : v(major, inc(minor), 0)));
            case GE -> out.add(new Comparator(Op.GE, v(major, minor, 0)));
            case LT -> out.add(new Comparator(Op.LT, upper(major, minor, 0)));
            default -> out.add(new Comparator(Op.LT, minorX ? upper(inc(major), 0, 0) : upper(major, inc(minor), 0)));
        }
    }

    private static void tilde(Partial p, List<Comparator> out) throws SemverException {
        if (p.major() == null) {
            return;
        }
        if (p.minor() == null) {
            between(v(p.major(), 0, 0), upper(inc(p.major()), 0, 0), out);
        } else {
            long patch = p.patch() == null ? 0 : p.patch();
            between(v(p.major(), p.minor(), patch, p.pre()), upper(p.major(), inc(p.minor()), 0), out);
        }
    }

    private static void caret(Partial p, List<Comparator> out) throws SemverException {
        if (p.major() == null) {
            return;
        }
        long major = p.major();
        if (p.minor() == null) {
            between(v(major, 0, 0), upper(inc(major), 0, 0), out);
            return;
        }
        long minor = p.minor();
        if (p.patch() == null) {
            between(v(major, minor, 0), major == 0 ? upper(0, inc(minor), 0) : upper(inc(major), 0, 0), out);
            return;
        }
        long patch = p.patch();
        Version upper =
                major != 0 ? upper(inc(major), 0, 0) : minor != 0 ? upper(0, inc(minor), 0) : upper(0, 0, inc(patch));
        between(v(major, minor, patch, p.pre()), upper, out);
    }

    private static void hyphen(Partial from, Partial to, List<Comparator> out) throws SemverException {
        if (from.major() != null) {
            long minor = from.minor() == null ? 0 : from.minor();
            long patch = from.patch() == null ? 0 : from.patch();
            out.add(new Comparator(Op.GE, v(from.major(), minor, patch, from.patch() == null ? null : from.pre())));
        }
        if (to.major() == null) {
            return;
        }
        if (to.minor() == null) {
            out.add(new Comparator(Op.LT, upper(inc(to.major()), 0, 0)));
        } else if (to.patch() == null) {
            out.add(new Comparator(Op.LT, upper(to.major(), inc(to.minor()), 0)));
        } else {
            out.add(new Comparator(Op.LE, v(to.major(), to.minor(), to.patch(), to.pre())));
        }
    }

    private static void between(Version low, Version high, List<Comparator> out) {
        out.add(new Comparator(Op.GE, low));
        out.add(new Comparator(Op.LT, high));
    }

    private static Version v(long major, long minor, long patch) {
        return Version.of(major, minor, patch);
    }

    private static Version v(long major, long minor, long patch, String pre) throws SemverException {
        return Semver.of(major, minor, patch, pre);
    }

    /** node-semver's exclusive upper bounds carry "-0" so that no prerelease of the next version slips in. */
    private static Version upper(long major, long minor, long patch) {
        return Version.of(major, minor, patch, "0");
    }

    private static long inc(long n) throws SemverException {
        if (n == Long.MAX_VALUE) {
            throw new SemverException("A version number in the range is too large to take the next one");
        }
        return n + 1;
    }
}
