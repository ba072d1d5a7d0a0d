package dev.pressroom.manifest.validation;

import java.util.Locale;

/**
 * network hostnames as part A states them: lowercase, at least two labels, last label 2-63 letters, other
 * labels 1-63 of a-z 0-9 and inner dashes, 1-253 characters; no scheme, port, path or wildcard. Decision D22:
 * no trailing dot, non-ASCII must be punycode, a punycode or numeric TLD and IP addresses fail.
 */
final class HostnameRule {

    private HostnameRule() {}

    /** Returns why the host is not acceptable, or null when it is. */
    static String problem(String host) {
        if (host.isEmpty()) {
            return "is empty";
        }
        if (host.contains("://")) {
            return "must be a bare hostname without scheme (drop http:// or https://)";
        }
        if (host.indexOf('/') >= 0) {
            return "must be a bare hostname without path";
        }
        if (host.indexOf('*') >= 0) {
            return "must not contain a wildcard; list each hostname";
        }
        if (host.indexOf(':') >= 0 || host.indexOf('[') >= 0) {
            return "must be a hostname without port (IP addresses are not allowed)";
        }
        if (host.length() > 253) {
            return "is longer than 253 characters";
        }
        for (int i = 0; i < host.length(); i++) {
            char ch = host.charAt(i);
            if (ch >= 'A' && ch <= 'Z') {
                return "must be lowercase";
            }
            if (ch > 0x7F) {
                return "must be ASCII (write internationalized names in punycode, xn--...)";
            }
        }
        String[] labels = host.split("\\.", -1);
        if (labels.length < 2) {
            return "needs at least two labels (e.g. api.example.com)";
        }
        for (int i = 0; i < labels.length; i++) {
            String problem = i == labels.length - 1 ? lastLabelProblem(labels[i]) : labelProblem(labels[i]);
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }

    /**
     * The hostname a rejected one probably means (did you mean): without scheme, user, path, port or a trailing dot,
     * lowercase, a comma or doubled dot read as one dot, an underscore as a dash. Null when that is no valid
     * hostname either, or when only a human can decide (a wildcard stands for hosts we cannot name).
     */
    static String suggestion(String host) {
        if (host.indexOf('*') >= 0 || host.length() > 253 * 2) {
            return null;
        }
        String s = host.strip().toLowerCase(Locale.ROOT);
        int scheme = s.indexOf("://");
        s = scheme >= 0 ? s.substring(scheme + 3) : s;
        s = cutAt(s, "/?#");
        s = s.substring(s.lastIndexOf('@') + 1);
        s = cutAt(s, ":");
        s = s.replace(',', '.').replace('_', '-');
        while (s.contains("..")) {
            s = s.replace("..", ".");
        }
        s = s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
        return !s.equals(host) && problem(s) == null ? s : null;
    }

    private static String cutAt(String s, String stops) {
        for (int i = 0; i < s.length(); i++) {
            if (stops.indexOf(s.charAt(i)) >= 0) {
                return s.substring(0, i);
            }
        }
        return s;
    }

    private static String labelProblem(String label) {
        if (label.isEmpty() || label.length() > 63) {
            return "has a label that is empty or longer than 63 characters";
        }
        for (int i = 0; i < label.length(); i++) {
            char ch = label.charAt(i);
            if (!((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '-')) {
                return "has a label with a character other than a-z, 0-9 and -";
            }
        }
        if (label.charAt(0) == '-' || label.charAt(label.length() - 1) == '-') {
            return "has a label that starts or ends with a dash";
        }
        return null;
    }

    private static String lastLabelProblem(String label) {
        if (label.isEmpty()) {
            return "must not end with a dot";
        }
        if (label.length() < 2 || label.length() > 63) {
            return "must end in a top-level label of 2 to 63 letters";
        }
        for (int i = 0; i < label.length(); i++) {
            char ch = label.charAt(i);
            if (ch < 'a' || ch > 'z') {
                return "must end in a top-level label of letters only (IP addresses and punycode TLDs are not allowed)";
            }
        }
        return null;
    }
}
