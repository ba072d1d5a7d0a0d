package dev.pressroom.manifest.validation;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Where every member name and value of a document starts (byte offsets), recorded while reading as a flat table
 * of nodes in document order. Pointers are built only on the first lookup: most manifests have no finding to
 * locate, and building a pointer string and two map entries per value was a fifth of the reading time.
 */
final class Positions {

    /** The index of an object member; a repeated member (D15) is {@link #REPEATED}, an array item its index. */
    private static final int MEMBER = -1;

    private static final int REPEATED = -2;

    private int size;
    private int[] parents = new int[64];
    private String[] names = new String[64];
    private int[] indexes = new int[64];
    private long[] keyOffsets = new long[64];
    private long[] valueOffsets = new long[64];
    private Map<String, Integer> byPointer;

    /** The root value; returns its node. */
    int root(long valueOffset) {
        return add(-1, null, 0, -1, valueOffset);
    }

    /** A member of the object {@code parent}; {@code repeated} marks a repeated name, kept apart from the first. */
    int member(int parent, String name, boolean repeated, long keyOffset, long valueOffset) {
        return add(parent, name, repeated ? REPEATED : MEMBER, repeated ? -1 : keyOffset, valueOffset);
    }

    /** Item {@code index} of the array {@code parent}. */
    int item(int parent, int index, long valueOffset) {
        return add(parent, null, index, -1, valueOffset);
    }

    private int add(int parent, String name, int index, long keyOffset, long valueOffset) {
        if (size == parents.length) {
            int grown = size * 2;
            parents = Arrays.copyOf(parents, grown);
            names = Arrays.copyOf(names, grown);
            indexes = Arrays.copyOf(indexes, grown);
            keyOffsets = Arrays.copyOf(keyOffsets, grown);
            valueOffsets = Arrays.copyOf(valueOffsets, grown);
        }
        parents[size] = parent;
        names[size] = name;
        indexes[size] = index;
        keyOffsets[size] = keyOffset;
        valueOffsets[size] = valueOffset;
        return size++;
    }

    /** The key of a node (a repeated member's value gets the suffix "#dup", so it never hides the first). */
    String pointer(int node) {
        return pointer(node, true);
    }

    /** The JSON Pointer users see: a repeated member is named like the first, the line and column tell them apart. */
    String publicPointer(int node) {
        return pointer(node, false);
    }

    private String pointer(int node, boolean markRepeats) {
        return node <= 0 ? "" : segment(pointer(parents[node], markRepeats), node, markRepeats);
    }

    private String segment(String parentPointer, int node, boolean markRepeats) {
        int index = indexes[node];
        return switch (index) {
            case MEMBER -> JsonPointers.child(parentPointer, names[node]);
            case REPEATED -> JsonPointers.child(parentPointer, names[node]) + (markRepeats ? "#dup" : "");
            default -> JsonPointers.child(parentPointer, index);
        };
    }

    /** Where a finding is: the member name for key rules, else the value, else (missing key) its nearest ancestor. */
    long offsetOf(String pointer, boolean atKey) {
        Map<String, Integer> nodes = byPointer();
        if (atKey) {
            Integer node = nodes.get(pointer);
            if (node != null && keyOffsets[node] >= 0) {
                return keyOffsets[node];
            }
        }
        String p = pointer;
        while (true) {
            Integer node = nodes.get(p);
            if (node != null) {
                return valueOffsets[node];
            }
            if (p.isEmpty()) {
                return 0;
            }
            p = JsonPointers.parent(p);
        }
    }

    private Map<String, Integer> byPointer() {
        if (byPointer == null) {
            byPointer = new HashMap<>(Math.max(16, size * 4 / 3 + 1));
            String[] pointers = new String[size];
            for (int node = 0; node < size; node++) {
                pointers[node] = node == 0 ? "" : segment(pointers[parents[node]], node, true);
                byPointer.put(pointers[node], node);
            }
        }
        return byPointer;
    }
}
