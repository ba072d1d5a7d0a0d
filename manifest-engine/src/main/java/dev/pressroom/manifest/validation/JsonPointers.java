package dev.pressroom.manifest.validation;

/** RFC 6901 JSON Pointer helpers. */
public final class JsonPointers {

    private JsonPointers() {}

    public static String child(String parent, String key) {
        return parent + "/" + escape(key);
    }

    public static String child(String parent, int index) {
        return parent + "/" + index;
    }

    /** RFC 6901 §3: '~' is written '~0' and '/' is written '~1'. */
    public static String escape(String key) {
        if (key.indexOf('~') < 0 && key.indexOf('/') < 0) {
            return key;
        }
        return key.replace("~", "~0").replace("/", "~1");
    }

    public static String parent(String pointer) {
        int slash = pointer.lastIndexOf('/');
        return slash <= 0 ? "" : pointer.substring(0, slash);
    }

    /** The value at a pointer in an org.json tree, or null when nothing is there. */
    public static Object resolve(Object root, String pointer) {
        if (pointer.isEmpty()) {
            return root;
        }
        Object current = root;
        for (String token : pointer.substring(1).split("/", -1)) {
            String key = token.replace("~1", "/").replace("~0", "~");
            if (current instanceof org.json.JSONObject object) {
                current = object.opt(key);
            } else if (current instanceof org.json.JSONArray array && isIndex(key)) {
                current = array.opt(Integer.parseInt(key));
            } else {
                return null;
            }
            if (current == null) {
                return null;
            }
        }
        return current;
    }

    private static boolean isIndex(String token) {
        if (token.isEmpty() || token.length() > 9 || (token.length() > 1 && token.charAt(0) == '0')) {
            return false;
        }
        for (int i = 0; i < token.length(); i++) {
            if (token.charAt(i) < '0' || token.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }
}
