package dev.pressroom.manifest.report;

/** How a batch went: add-ons checked, how many are valid or invalid, and the errors and warnings of all of them. */
public record BatchSummary(int addons, int valid, int invalid, int errors, int warnings) {

    /** "3 add-ons: 2 valid, 1 invalid (4 errors, 1 warning)". */
    public String describe() {
        return addons + plural(addons, " add-on") + ": " + valid + " valid, " + invalid + " invalid (" + errors
                + plural(errors, " error") + ", " + warnings + plural(warnings, " warning") + ")";
    }

    private static String plural(int count, String word) {
        return count == 1 ? word : word + "s";
    }
}
