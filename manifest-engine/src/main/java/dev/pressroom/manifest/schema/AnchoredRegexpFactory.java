package dev.pressroom.manifest.schema;

import org.everit.json.schema.regexp.JavaUtilRegexpFactory;
import org.everit.json.schema.regexp.Regexp;
import org.everit.json.schema.regexp.RegexpFactory;

/**
 * Compiles schema patterns with ECMA-262 anchoring. In ECMA-262 (what JSON Schema patterns are) a final
 * {@code $} matches only at the very end; in java.util.regex it also matches before a final line terminator,
 * so {@code "my-addon\n"} would pass {@code ^[a-z0-9]+(-[a-z0-9]+)*$}. A trailing {@code $} becomes {@code \z}.
 */
final class AnchoredRegexpFactory implements RegexpFactory {

    private final JavaUtilRegexpFactory java = new JavaUtilRegexpFactory();

    @Override
    public Regexp createHandler(String regexp) {
        boolean endAnchor = regexp.endsWith("$") && !regexp.endsWith("\\$");
        return java.createHandler(endAnchor ? regexp.substring(0, regexp.length() - 1) + "\\z" : regexp);
    }
}
