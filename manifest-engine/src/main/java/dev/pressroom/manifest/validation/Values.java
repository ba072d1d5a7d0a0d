package dev.pressroom.manifest.validation;

import java.math.BigDecimal;
import org.json.JSONArray;
import org.json.JSONObject;

/** Describes parsed JSON values in messages. */
final class Values {

    private Values() {}

    static String describe(Object value) {
        if (value == null || value == JSONObject.NULL) {
            return "null";
        }
        if (value instanceof String) {
            return "a string";
        }
        if (value instanceof Boolean) {
            return "a boolean";
        }
        if (value instanceof BigDecimal) {
            return "a number with a fraction";
        }
        if (value instanceof Number) {
            return "an integer";
        }
        if (value instanceof JSONObject) {
            return "an object";
        }
        if (value instanceof JSONArray) {
            return "an array";
        }
        return "a value";
    }

    /** A short rendering of a scalar value; containers by kind only. */
    static String show(Object value) {
        if (value instanceof String s) {
            return Messages.quote(s);
        }
        if (value instanceof BigDecimal || value instanceof Number || value instanceof Boolean) {
            return Messages.truncate(String.valueOf(value), 40);
        }
        return describe(value);
    }
}
