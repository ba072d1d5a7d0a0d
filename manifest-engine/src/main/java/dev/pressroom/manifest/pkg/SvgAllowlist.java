package dev.pressroom.manifest.pkg;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.stream.XMLStreamReader;

/**
 * What an SVG icon may contain: static vector graphics and nothing that runs, loads or links. An allowlist, not a
 * blocklist, because SVG keeps growing ways to script (handlers, animation of links, CSS, foreignObject): an element
 * or attribute is accepted only when it is listed here, and a reference only when it points inside the file
 * ({@code #id}). Values are checked as a browser would read them, after XML character references are decoded and with
 * whitespace and control characters removed, as URL parsers remove them.
 */
final class SvgAllowlist {

    static final String SVG_NAMESPACE = "http://www.w3.org/2000/svg";
    static final String XLINK_NAMESPACE = "http://www.w3.org/1999/xlink";

    private static final Set<String> ELEMENTS = Set.of(
            "svg",
            "g",
            "defs",
            "symbol",
            "use",
            "title",
            "desc",
            "switch",
            "path",
            "rect",
            "circle",
            "ellipse",
            "line",
            "polyline",
            "polygon",
            "text",
            "tspan",
            "textPath",
            "linearGradient",
            "radialGradient",
            "stop",
            "pattern",
            "clipPath",
            "mask",
            "marker",
            "filter",
            "feBlend",
            "feColorMatrix",
            "feComponentTransfer",
            "feComposite",
            "feConvolveMatrix",
            "feDiffuseLighting",
            "feDisplacementMap",
            "feDistantLight",
            "feDropShadow",
            "feFlood",
            "feFuncA",
            "feFuncB",
            "feFuncG",
            "feFuncR",
            "feGaussianBlur",
            "feMerge",
            "feMergeNode",
            "feMorphology",
            "feOffset",
            "fePointLight",
            "feSpecularLighting",
            "feSpotLight",
            "feTile",
            "feTurbulence",
            "animate",
            "animateMotion",
            "animateTransform",
            "set",
            "mpath");

    private static final Set<String> ATTRIBUTES = Set.of(
            // core and the root
            "id",
            "class",
            "lang",
            "style",
            "version",
            "baseProfile",
            "viewBox",
            "preserveAspectRatio",
            // geometry
            "x",
            "y",
            "x1",
            "y1",
            "x2",
            "y2",
            "cx",
            "cy",
            "r",
            "rx",
            "ry",
            "width",
            "height",
            "d",
            "points",
            "pathLength",
            "transform",
            "transform-origin",
            "dx",
            "dy",
            "rotate",
            "textLength",
            "lengthAdjust",
            "startOffset",
            "method",
            "spacing",
            "side",
            // presentation
            "fill",
            "fill-opacity",
            "fill-rule",
            "stroke",
            "stroke-width",
            "stroke-linecap",
            "stroke-linejoin",
            "stroke-miterlimit",
            "stroke-dasharray",
            "stroke-dashoffset",
            "stroke-opacity",
            "opacity",
            "color",
            "display",
            "visibility",
            "clip-path",
            "clip-rule",
            "mask",
            "filter",
            "font-family",
            "font-size",
            "font-weight",
            "font-style",
            "font-variant",
            "font-stretch",
            "text-anchor",
            "dominant-baseline",
            "alignment-baseline",
            "baseline-shift",
            "letter-spacing",
            "word-spacing",
            "text-decoration",
            "writing-mode",
            "direction",
            "unicode-bidi",
            "stop-color",
            "stop-opacity",
            "flood-color",
            "flood-opacity",
            "lighting-color",
            "color-interpolation",
            "color-interpolation-filters",
            "color-rendering",
            "shape-rendering",
            "text-rendering",
            "image-rendering",
            "vector-effect",
            "overflow",
            "paint-order",
            "mix-blend-mode",
            "isolation",
            "marker-start",
            "marker-mid",
            "marker-end",
            "enable-background",
            // paint servers, clipping, masking, markers
            "href",
            "gradientUnits",
            "gradientTransform",
            "spreadMethod",
            "fx",
            "fy",
            "fr",
            "offset",
            "patternUnits",
            "patternContentUnits",
            "patternTransform",
            "clipPathUnits",
            "maskUnits",
            "maskContentUnits",
            "markerWidth",
            "markerHeight",
            "markerUnits",
            "refX",
            "refY",
            "orient",
            "requiredFeatures",
            "requiredExtensions",
            "systemLanguage",
            // filter primitives
            "filterUnits",
            "primitiveUnits",
            "in",
            "in2",
            "result",
            "stdDeviation",
            "mode",
            "type",
            "values",
            "operator",
            "k1",
            "k2",
            "k3",
            "k4",
            "edgeMode",
            "kernelMatrix",
            "order",
            "divisor",
            "bias",
            "targetX",
            "targetY",
            "preserveAlpha",
            "radius",
            "scale",
            "xChannelSelector",
            "yChannelSelector",
            "baseFrequency",
            "numOctaves",
            "seed",
            "stitchTiles",
            "surfaceScale",
            "diffuseConstant",
            "specularConstant",
            "specularExponent",
            "kernelUnitLength",
            "azimuth",
            "elevation",
            "z",
            "pointsAtX",
            "pointsAtY",
            "pointsAtZ",
            "limitingConeAngle",
            "tableValues",
            "slope",
            "intercept",
            "amplitude",
            "exponent",
            // animation (never of a link: see attributeName)
            "attributeName",
            "attributeType",
            "begin",
            "dur",
            "end",
            "repeatCount",
            "repeatDur",
            "from",
            "to",
            "by",
            "keyTimes",
            "keySplines",
            "keyPoints",
            "calcMode",
            "additive",
            "accumulate",
            "restart",
            "min",
            "max",
            "path");

    /** Attributes whose value is a reference: only a fragment of this file. */
    private static final Set<String> REFERENCES = Set.of("href");

    private static final Pattern INVISIBLE = Pattern.compile("[\\s\\p{Cntrl}]+");
    private static final Pattern URL_FUNCTION = Pattern.compile("url\\(['\"]?(.?)");
    private static final Set<String> SCHEMES = Set.of("javascript:", "vbscript:", "data:");

    private SvgAllowlist() {}

    /** Why the element the reader stands on is not allowed in an icon, or null when it is. */
    static String problem(XMLStreamReader element) {
        String name = element.getLocalName();
        if (!SVG_NAMESPACE.equals(element.getNamespaceURI()) || !ELEMENTS.contains(name)) {
            return "an element icons may not contain: <" + Names.show(name).replace("\"", "") + ">";
        }
        for (int i = 0; i < element.getAttributeCount(); i++) {
            String problem = attributeProblem(
                    name,
                    element.getAttributeNamespace(i),
                    element.getAttributeLocalName(i),
                    element.getAttributeValue(i));
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }

    private static String attributeProblem(String element, String namespace, String attribute, String value) {
        String shown = Names.show(attribute);
        boolean known = (namespace == null || namespace.isEmpty())
                ? ATTRIBUTES.contains(attribute)
                : (XLINK_NAMESPACE.equals(namespace) && attribute.equals("href"))
                        || (XMLConstants.XML_NS_URI.equals(namespace)
                                && (attribute.equals("space") || attribute.equals("lang")));
        if (!known) {
            return "an attribute icons may not contain: " + shown + " on <" + element + ">";
        }
        String seen = INVISIBLE.matcher(value).replaceAll("").toLowerCase(Locale.ROOT);
        if (REFERENCES.contains(attribute) && !seen.startsWith("#")) {
            return "a link out of the file: " + shown + " on <" + element + "> must be a #fragment";
        }
        if (attribute.equals("attributeName") && seen.endsWith("href")) {
            return "an animation of a link (<" + element + " attributeName=" + Names.show(value) + ">)";
        }
        for (String scheme : SCHEMES) {
            if (seen.contains(scheme)) {
                return "a " + scheme + " URL in " + shown + " on <" + element + ">";
            }
        }
        Matcher url = URL_FUNCTION.matcher(seen);
        while (url.find()) {
            if (!url.group(1).equals("#")) {
                return "a url() out of the file in " + shown + " on <" + element + ">; only url(#id) is allowed";
            }
        }
        if (attribute.equals("style") && (seen.contains("\\") || seen.contains("@") || seen.contains("expression("))) {
            return "CSS escapes, at-rules or expressions in the style of <" + element + ">";
        }
        return null;
    }
}
