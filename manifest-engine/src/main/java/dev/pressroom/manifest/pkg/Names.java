package dev.pressroom.manifest.pkg;

/** Entry names in messages: quoted, bounded, control characters escaped (names come from hostile input). */
final class Names {

    private Names() {}

    static String show(String name) {
        StringBuilder out = new StringBuilder("\"");
        int count = 0;
        for (int i = 0; i < name.length() && count < 100; i++, count++) {
            char ch = name.charAt(i);
            out.append(ch < 0x20 || ch == 0x7F || ch == '"' ? String.format("\\u%04X", (int) ch) : String.valueOf(ch));
        }
        return out.append(count < name.length() ? "…\"" : "\"").toString();
    }
}
