package dev.pressroom.deploy;

import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a service's application.properties says about where it listens and where its health checks and metrics are,
 * resolved the way Quarkus does for the prod profile against the container's environment.
 */
record QuarkusConfig(Properties properties) {

    private static final Pattern EXPRESSION = Pattern.compile("\\$\\{([A-Za-z0-9_.]+)(?::([^}]*))?}");

    /** The public HTTP port, given the container's environment. */
    int httpPort(Map<String, String> env) {
        return port("quarkus.http.port", 8080, env);
    }

    boolean managementEnabled(Map<String, String> env) {
        return Boolean.parseBoolean(resolve("quarkus.management.enabled", "false", env));
    }

    /** The port the health checks answer on: the management interface when enabled, else the HTTP port. */
    int healthPort(Map<String, String> env) {
        return managementEnabled(env) ? port("quarkus.management.port", 9000, env) : httpPort(env);
    }

    /** The path of one health check group ({@code live}, {@code ready}, {@code started}). */
    String healthPath(String group, Map<String, String> env) {
        String base = managementEnabled(env)
                ? resolve("quarkus.management.root-path", "/q", env)
                : join(
                        resolve("quarkus.http.root-path", "/", env),
                        resolve("quarkus.http.non-application-root-path", "q", env));
        String health = join(base, resolve("quarkus.smallrye-health.root-path", "health", env));
        String defaultPath = switch (group) {
            case "live" -> resolve("quarkus.smallrye-health.liveness-path", "live", env);
            case "ready" -> resolve("quarkus.smallrye-health.readiness-path", "ready", env);
            case "started" -> resolve("quarkus.smallrye-health.startup-path", "started", env);
            default -> throw new IllegalArgumentException(group);
        };
        return join(health, defaultPath);
    }

    /** Where Prometheus metrics are served: under the management root when the management interface is on. */
    String metricsPath(Map<String, String> env) {
        String base = managementEnabled(env)
                ? resolve("quarkus.management.root-path", "/q", env)
                : join(
                        resolve("quarkus.http.root-path", "/", env),
                        resolve("quarkus.http.non-application-root-path", "q", env));
        return join(base, resolve("quarkus.micrometer.export.prometheus.path", "metrics", env));
    }

    private int port(String key, int fallback, Map<String, String> env) {
        String value = resolve(key, Integer.toString(fallback), env);
        return Integer.parseInt(value.trim());
    }

    /** A property as the running service sees it: an environment variable named after it wins, then %prod.key, then key. */
    String resolve(String key, String fallback, Map<String, String> env) {
        String envName = key.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
        if (env.containsKey(envName)) {
            return env.get(envName);
        }
        String raw = properties.getProperty("%prod." + key, properties.getProperty(key));
        return raw == null ? fallback : expand(raw, env);
    }

    private String expand(String raw, Map<String, String> env) {
        Matcher m = EXPRESSION.matcher(raw);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String name = m.group(1);
            String value = env.containsKey(name) ? env.get(name) : resolveReference(name, m.group(2), env);
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        return out.toString();
    }

    private String resolveReference(String name, String fallback, Map<String, String> env) {
        String raw = properties.getProperty("%prod." + name, properties.getProperty(name));
        if (raw != null) {
            return expand(raw, env);
        }
        if (fallback == null) {
            throw new IllegalStateException("${" + name + "} has no value and no default");
        }
        return fallback;
    }

    private static String join(String base, String path) {
        if (path.startsWith("/")) {
            return path;
        }
        return (base.endsWith("/") ? base : base + "/") + path;
    }
}
