package dev.pressroom.auth.support;

import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads one series from the Prometheus scrape at /q/metrics on the management interface (OpenMetrics: a value may be
 * followed by an exemplar, since tests record traces).
 */
public final class MetricsScrape {

    private static final Pattern LINE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{([^}]*)})? (\\S+)( # .*)?$");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

    private MetricsScrape() {
    }

    /** The value of the series with this Prometheus name and exactly these labels (0 when absent). */
    public static double value(String name, Map<String, String> labels) {
        String scrape = Admin.management().get("/q/metrics").then().statusCode(200).extract().asString();
        for (String line : scrape.split("\n")) {
            Matcher m = LINE.matcher(line);
            if (m.matches() && m.group(1).equals(name) && labels(m.group(3)).equals(new TreeMap<>(labels))) {
                return Double.parseDouble(m.group(4));
            }
        }
        return 0;
    }

    public static double value(String name) {
        return value(name, Map.of());
    }

    private static Map<String, String> labels(String text) {
        Map<String, String> labels = new TreeMap<>();
        if (text != null) {
            Matcher m = LABEL.matcher(text);
            while (m.find()) {
                labels.put(m.group(1), m.group(2));
            }
        }
        return labels;
    }
}
