package dev.pressroom.manifest.compat;

import com.github.zafarkhaja.semver.Version;

/** One primitive comparison of an npm range after desugaring (node-semver's Comparator). */
public record Comparator(Op op, Version version) {

    public enum Op {
        LT("<"),
        LE("<="),
        GT(">"),
        GE(">="),
        EQ("=");

        private final String symbol;

        Op(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }
    }

    boolean test(Version v) {
        int c = v.compareToIgnoreBuildMetadata(version);
        return switch (op) {
            case LT -> c < 0;
            case LE -> c <= 0;
            case GT -> c > 0;
            case GE -> c >= 0;
            case EQ -> c == 0;
        };
    }

    @Override
    public String toString() {
        return op.symbol() + Semver.canonical(version);
    }
}
