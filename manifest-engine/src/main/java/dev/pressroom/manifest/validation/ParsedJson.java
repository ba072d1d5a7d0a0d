package dev.pressroom.manifest.validation;

import java.util.List;

/**
 * The result of strict reading: the document as an org.json tree (what everit validates), where each member name
 * and each value starts, the member count of its largest object or array, or the findings that stopped reading.
 */
record ParsedJson(Object root, Positions positions, int largestContainer, List<Finding> findings) {

    boolean ok() {
        return findings.isEmpty();
    }

    /** Where a finding is: the member name for key rules, else the value, else (missing key) its nearest ancestor. */
    long offsetOf(String pointer, boolean atKey) {
        return positions.offsetOf(pointer, atKey);
    }
}
