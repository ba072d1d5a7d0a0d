package dev.pressroom.kernel.testing;

import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;

/**
 * A test's outside prerequisite: a tool (Chromium, kubectl, OpenSSL's headers, an extractor) or a build output. Where it
 * is missing the test is skipped, saying what to install, on a contributor's machine; under {@code CI=true} (set by
 * GitHub Actions, GitLab CI and most runners) it fails instead, since a check that silently did not run is a check
 * CI did not make. {@code make deps} installs every tool.
 */
public final class Prerequisites {

    private Prerequisites() {}

    /**
     * Returns when {@code present}; otherwise skips the calling test (JUnit assumption), or fails it under CI.
     *
     * @param missing what is missing and how to get it, e.g. "kubectl is not installed (make deps)"
     */
    public static void require(boolean present, String missing) {
        require(present, missing, System.getenv());
    }

    /**
     * For {@code @EnabledIf} conditions: true when {@code present}; false where it is not (the test is disabled with the
     * annotation's reason); under CI it throws, and JUnit fails the test.
     */
    public static boolean available(boolean present, String missing) {
        return available(present, missing, System.getenv());
    }

    static boolean available(boolean present, String missing, Map<String, String> env) {
        if (!present && inCi(env)) {
            throw new AssertionError(ciMessage(missing));
        }
        return present;
    }

    static void require(boolean present, String missing, Map<String, String> env) {
        if (present) {
            return;
        }
        if (inCi(env)) {
            throw new AssertionError(ciMessage(missing));
        }
        // Surefire keeps assumption messages in its reports only: the console says it too.
        System.err.println("SKIPPED: " + missing);
        Assumptions.abort(missing);
    }

    static boolean inCi(Map<String, String> env) {
        String ci = env.getOrDefault("CI", "").trim().toLowerCase(Locale.ROOT);
        return ci.equals("true") || ci.equals("1");
    }

    private static String ciMessage(String missing) {
        return "CI=true, where no check may be skipped: " + missing;
    }
}
