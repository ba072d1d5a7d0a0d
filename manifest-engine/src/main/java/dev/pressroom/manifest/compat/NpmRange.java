package dev.pressroom.manifest.compat;

import com.github.zafarkhaja.semver.Version;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * An npm / node-semver range in the strict subset of decision D2 (see manifest-decisions.md), parsed by hand
 * and desugared into comparator sets exactly as node-semver does (X-ranges, ~, ^, hyphen ranges, "-0" upper
 * bounds). java-semver's own expression language is not npm syntax, so only its {@link Version} is used.
 */
public final class NpmRange {

    private static final Version ZERO = Version.of(0, 0, 0);
    private static final Version ZERO_PRE = Version.of(0, 0, 0, "0");

    private final List<List<Comparator>> alternatives;

    private NpmRange(List<List<Comparator>> alternatives) {
        this.alternatives = List.copyOf(alternatives);
    }

    public static NpmRange parse(String text) throws SemverException {
        return new RangeParser(text).parse();
    }

    static NpmRange of(List<List<Comparator>> alternatives) {
        return new NpmRange(alternatives);
    }

    public List<List<Comparator>> alternatives() {
        return alternatives;
    }

    /** node-semver satisfies(): any alternative matches, with its prerelease rule. */
    public boolean satisfiedBy(Version v) {
        return alternatives.stream().anyMatch(set -> test(set, v));
    }

    /**
     * The lowest version the range allows (decision D4), or empty when no version does (D3). Computed per
     * alternative, unlike node-semver's minVersion(), which errs on unions and on {@code >=0.0.0-0}.
     */
    public Optional<Version> lowest() {
        Version best = null;
        for (List<Comparator> set : alternatives) {
            Optional<Version> low = lowest(set);
            if (low.isPresent() && (best == null || low.get().compareToIgnoreBuildMetadata(best) < 0)) {
                best = low.get();
            }
        }
        return Optional.ofNullable(best);
    }

    /**
     * The lowest satisfying version is either 0.0.0-0, 0.0.0, or the least version each lower-bound comparator
     * admits (for {@code >v}: v's next prerelease, or the next patch and its "-0" prerelease); try them in order.
     */
    private static Optional<Version> lowest(List<Comparator> set) {
        TreeSet<Version> candidates = new TreeSet<>(Version::compareToIgnoreBuildMetadata);
        candidates.add(ZERO_PRE);
        candidates.add(ZERO);
        for (Comparator c : set) {
            Version v = c.version().withoutBuildMetadata();
            switch (c.op()) {
                case GE, EQ -> candidates.add(v);
                case GT -> {
                    if (v.isPreRelease()) {
                        candidates.add(Version.of(
                                v.majorVersion(),
                                v.minorVersion(),
                                v.patchVersion(),
                                v.preReleaseVersion().orElseThrow() + ".0"));
                    } else if (v.patchVersion() < Long.MAX_VALUE) {
                        long patch = v.patchVersion() + 1;
                        candidates.add(Version.of(v.majorVersion(), v.minorVersion(), patch, "0"));
                        candidates.add(Version.of(v.majorVersion(), v.minorVersion(), patch));
                    }
                }
                default -> {}
            }
        }
        return candidates.stream().filter(v -> test(set, v)).findFirst();
    }

    /** node-semver testSet(): every comparator holds, and a prerelease needs a comparator with a prerelease on its tuple. */
    static boolean test(List<Comparator> set, Version v) {
        for (Comparator c : set) {
            if (!c.test(v)) {
                return false;
            }
        }
        if (!v.isPreRelease()) {
            return true;
        }
        for (Comparator c : set) {
            Version cv = c.version();
            if (cv.isPreRelease()
                    && cv.majorVersion() == v.majorVersion()
                    && cv.minorVersion() == v.minorVersion()
                    && cv.patchVersion() == v.patchVersion()) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        List<String> parts = new ArrayList<>();
        for (List<Comparator> set : alternatives) {
            parts.add(
                    set.isEmpty()
                            ? "*"
                            : String.join(
                                    " ", set.stream().map(Comparator::toString).toList()));
        }
        return String.join(" || ", parts);
    }
}
