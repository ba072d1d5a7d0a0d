package dev.pressroom.manifest.validation;

import org.json.JSONArray;
import org.json.JSONObject;

/**
 * What the schema step sees: the document, with arrays and objects cut after {@code max} members. everit builds an
 * exception with a stack trace per failure, so a 1 MiB array of wrongly typed items would take seconds; no report
 * lists more than {@link ManifestValidator#MAX_ERRORS} errors anyway. Normal manifests are returned as they are
 * (the reader counts the members of the largest container, so this needs no walk over the tree).
 */
final class Pruned {

    private Pruned() {}

    static Object view(ParsedJson parsed, int max) {
        return parsed.largestContainer() > max ? copy(parsed.root(), max) : parsed.root();
    }

    private static Object copy(Object node, int max) {
        if (node instanceof JSONObject object) {
            JSONObject out = new JSONObject();
            int n = 0;
            for (String key : object.keySet()) {
                if (n++ == max) {
                    break;
                }
                out.put(key, copy(object.get(key), max));
            }
            return out;
        }
        if (node instanceof JSONArray array) {
            JSONArray out = new JSONArray();
            for (int i = 0; i < Math.min(max, array.length()); i++) {
                out.put(copy(array.get(i), max));
            }
            return out;
        }
        return node;
    }
}
