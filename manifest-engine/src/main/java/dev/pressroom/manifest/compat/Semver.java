package dev.pressroom.manifest.compat;

import com.github.zafarkhaja.semver.ParseException;
import com.github.zafarkhaja.semver.Version;

/**
 * Strict SemVer 2.0.0 (https://semver.org/#backusnaur-form-grammar-for-valid-semver-versions):
 * MAJOR.MINOR.PATCH, optional -prerelease and +build, no leading zeros, nothing before or after.
 */
public final class Semver {

    private Semver() {}

    /** Checks the syntax only, so numeric parts of any size are accepted (SemVer sets no bound). */
    public static void check(String text) throws SemverException {
        Cursor c = new Cursor(text);
        readCore(c);
        if (!c.atEnd()) {
            throw c.error("Unexpected character after the version");
        }
    }

    /**
     * Parses into a java-semver {@link Version} for precedence comparisons; numeric parts must fit in a long.
     * Build metadata is checked but dropped: it never takes part in precedence (SemVer §10).
     */
    public static Version parse(String text) throws SemverException {
        Cursor c = new Cursor(text);
        String[] parts = readCore(c);
        if (!c.atEnd()) {
            throw c.error("Unexpected character after the version");
        }
        return of(
                Cursor.toLong(parts[0], "major"),
                Cursor.toLong(parts[1], "minor"),
                Cursor.toLong(parts[2], "patch"),
                parts[3]);
    }

    static Version of(long major, long minor, long patch, String prerelease) throws SemverException {
        if (prerelease == null) {
            return Version.of(major, minor, patch);
        }
        try {
            return Version.of(major, minor, patch, prerelease);
        } catch (ParseException e) {
            // java-semver keeps numeric identifiers in a long; SemVer sets no bound, but a larger one is no real
            // version.
            throw new SemverException("A numeric prerelease identifier of \"" + prerelease + "\" is too large.");
        }
    }

    /** The canonical text of a version without build metadata: MAJOR.MINOR.PATCH[-prerelease]. */
    public static String canonical(Version v) {
        String core = v.majorVersion() + "." + v.minorVersion() + "." + v.patchVersion();
        return v.preReleaseVersion().map(pre -> core + "-" + pre).orElse(core);
    }

    private static String[] readCore(Cursor c) throws SemverException {
        String major = c.numericPart("major");
        expectDot(c, "minor");
        String minor = c.numericPart("minor");
        expectDot(c, "patch");
        String patch = c.numericPart("patch");
        String pre = null;
        String build = null;
        if (c.peek() == '-') {
            c.pos++;
            pre = c.identifiers(true);
        }
        if (c.peek() == '+') {
            c.pos++;
            build = c.identifiers(false);
        }
        return new String[] {major, minor, patch, pre, build};
    }

    private static void expectDot(Cursor c, String next) throws SemverException {
        if (c.peek() != '.') {
            throw c.error("Expected '.' before the " + next + " number (MAJOR.MINOR.PATCH)");
        }
        c.pos++;
    }
}
