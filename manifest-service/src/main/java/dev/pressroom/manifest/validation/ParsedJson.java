package dev.pressroom.manifest.validation;

import java.util.List;
import java.util.Map;

/**
 * The result of strict reading: the document as an org.json tree (what everit validates) and where each
 * member name and each value starts (byte offsets by JSON Pointer), or the findings that stopped reading.
 */
record ParsedJson(Object root, Map<String, Long> keyOffsets, Map<String, Long> valueOffsets, List<Finding> findings) {

    boolean ok() {
        return findings.isEmpty();
    }

    /** Where a finding is: the member name for key rules, else the value, else (missing key) its nearest ancestor. */
    long offsetOf(String pointer, boolean atKey) {
        if (atKey) {
            Long key = keyOffsets.get(pointer);
            if (key != null) {
                return key;
            }
        }
        String p = pointer;
        while (true) {
            Long value = valueOffsets.get(p);
            if (value != null) {
                return value;
            }
            if (p.isEmpty()) {
                return 0;
            }
            p = JsonPointers.parent(p);
        }
    }
}
