package dev.pressroom.manifest.validation;

/**
 * Package-relative paths for entry and icon (spec: no leading /, no backslash, no . or .. segment; decision
 * D10: also no empty path or segment, no trailing /, no ':'). Control characters are refused too: no file
 * system or zip tool handles them the same way. Names are compared byte for byte, never normalized.
 */
public final class PathRule {

    private PathRule() {}

    /** Returns why the path is unsafe, or null when it is fine. */
    public static String problem(String path) {
        if (path.isEmpty()) {
            return "must not be empty";
        }
        if (path.charAt(0) == '/') {
            return "must be relative to the package root (no leading /)";
        }
        if (path.indexOf('\\') >= 0) {
            return "must use / as separator (no backslash)";
        }
        if (path.indexOf(':') >= 0) {
            return "must not contain ':' (no drive letters, URLs or alternate streams)";
        }
        for (int i = 0; i < path.length(); i++) {
            char ch = path.charAt(i);
            if (ch < 0x20 || ch == 0x7F) {
                return "must not contain control characters";
            }
        }
        for (String segment : path.split("/", -1)) {
            if (segment.isEmpty()) {
                return path.endsWith("/")
                        ? "must name a file (no trailing /)"
                        : "must not contain an empty segment (//)";
            }
            if (segment.equals(".") || segment.equals("..")) {
                return "must not contain a . or .. segment";
            }
        }
        return null;
    }
}
