package dev.pressroom.manifest.validation;

import dev.pressroom.manifest.compat.NpmRange;
import dev.pressroom.manifest.compat.Semver;
import dev.pressroom.manifest.compat.SemverException;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.json.JSONArray;
import org.json.JSONObject;

/**
 * What the schema cannot say: semver and ranges, min_server_version, paths, hostnames, uniqueness and the
 * conditional rules 1-6 of part A. Each rule reads only well-typed inputs (decision D17): a value of the wrong
 * type already has its one type error.
 */
final class SemanticRules {

    private final JSONObject m;
    private final List<Finding> out;

    private SemanticRules(JSONObject manifest, List<Finding> out) {
        this.m = manifest;
        this.out = out;
    }

    static void check(JSONObject manifest, List<Finding> out) {
        new SemanticRules(manifest, out).run();
    }

    private void run() {
        checkVersion();
        Optional<NpmRange> host = checkCompat();
        checkMinServerVersion(host);
        checkPath("entry", "/entry");
        checkIcon();
        checkNetworkHosts();
        checkUnique("permissions");
        checkUnique("network");
        checkUnique("tags");
        checkRuntime();
        checkPermissions();
    }

    private void checkVersion() {
        String version = string(m, "version");
        if (version != null) {
            try {
                Semver.check(version);
            } catch (SemverException e) {
                out.add(Finding.error(
                        Rule.SEMVER,
                        "/version",
                        "Not a semantic version (MAJOR.MINOR.PATCH[-prerelease][+build], " + "no leading zeros): "
                                + e.getMessage() + "."));
            }
        }
    }

    /** Returns compat.host when it is a valid, satisfiable range (the only case min_server_version is compared). */
    private Optional<NpmRange> checkCompat() {
        JSONObject compat = m.opt("compat") instanceof JSONObject o ? o : null;
        if (compat == null) {
            return Optional.empty();
        }
        Optional<NpmRange> host = range(compat, "host", "/compat/host");
        range(compat, "sdk", "/compat/sdk");
        return host;
    }

    private Optional<NpmRange> range(JSONObject compat, String key, String pointer) {
        String text = string(compat, key);
        if (text == null) {
            return Optional.empty();
        }
        try {
            NpmRange range = NpmRange.parse(text);
            if (range.lowest().isEmpty()) {
                out.add(Finding.error(
                        Rule.SEMVER_RANGE_UNSATISFIABLE,
                        pointer,
                        "No version satisfies the range " + Messages.quote(text)
                                + " (its bounds exclude each other)."));
                return Optional.empty();
            }
            return Optional.of(range);
        } catch (SemverException e) {
            out.add(Finding.error(
                    Rule.SEMVER_RANGE,
                    pointer,
                    "Not an npm-style semver range (e.g. \">=2.1.0 <3.0.0\", \"^2.1.0\"): " + e.getMessage() + ".",
                    rangeSuggestion(text)));
            return Optional.empty();
        }
    }

    /** Operators written the wrong way round ({@code =>}, {@code =<}): the range they mean, when it parses. */
    private static String rangeSuggestion(String text) {
        String swapped = text.replace("=>", ">=").replace("=<", "<=");
        if (swapped.equals(text)) {
            return null;
        }
        try {
            return NpmRange.parse(swapped).lowest().isPresent() ? swapped : null;
        } catch (SemverException e) {
            return null;
        }
    }

    private void checkMinServerVersion(Optional<NpmRange> host) {
        String min = string(m, "min_server_version");
        if (min == null) {
            return;
        }
        out.add(
                Finding.warning(
                        Rule.DEPRECATED,
                        "/min_server_version",
                        "min_server_version is deprecated; only servers older than add-ons v1 read it (compat.host is what counts)."));
        try {
            Semver.check(min);
        } catch (SemverException e) {
            out.add(Finding.error(
                    Rule.SEMVER, "/min_server_version", "Not a semantic version: " + e.getMessage() + "."));
            return;
        }
        host.flatMap(NpmRange::lowest).map(Semver::canonical).ifPresent(lowest -> {
            if (!lowest.equals(min)) {
                out.add(Finding.error(
                        Rule.MIN_SERVER_VERSION,
                        "/min_server_version",
                        "Must be exactly \"" + lowest + "\", the lowest version compat.host allows, found "
                                + Messages.quote(min) + "."));
            }
        });
    }

    private void checkPath(String key, String pointer) {
        String path = string(m, key);
        if (path != null) {
            String problem = PathRule.problem(path);
            if (problem != null) {
                out.add(Finding.error(Rule.PATH, pointer, "The path " + Messages.quote(path) + " " + problem + "."));
            }
        }
    }

    private void checkIcon() {
        String icon = string(m, "icon");
        if (icon == null) {
            return;
        }
        checkPath("icon", "/icon");
        if (!icon.endsWith(".png") && !icon.endsWith(".svg")) {
            out.add(Finding.error(
                    Rule.ICON_EXTENSION,
                    "/icon",
                    "The icon must be a .png or .svg file (lowercase extension), found " + Messages.quote(icon) + "."));
        }
    }

    private void checkNetworkHosts() {
        if (!(m.opt("network") instanceof JSONArray network)) {
            return;
        }
        for (int i = 0; i < network.length(); i++) {
            if (network.opt(i) instanceof String host) {
                String problem = HostnameRule.problem(host);
                if (problem != null) {
                    out.add(Finding.error(
                            Rule.HOSTNAME,
                            "/network/" + i,
                            "The hostname " + Messages.quote(host) + " " + problem + ".",
                            HostnameRule.suggestion(host)));
                }
            }
        }
    }

    /** uniqueItems in Java with a hash set: everit compares every pair, which a 1 MiB array turns into minutes. */
    private void checkUnique(String key) {
        if (!(m.opt(key) instanceof JSONArray array)) {
            return;
        }
        Set<Object> seen = new HashSet<>();
        for (int i = 0; i < array.length(); i++) {
            Object item = array.opt(i);
            Object identity =
                    item instanceof String || item instanceof Boolean ? item : Values.describe(item) + ":" + item;
            if (!seen.add(identity)) {
                out.add(Finding.error(
                        Rule.UNIQUE,
                        "/" + key,
                        "Items must be unique; " + Values.show(item) + " appears more than once (again at /" + key + "/"
                                + i + ")."));
                return;
            }
        }
    }

    private void checkRuntime() {
        String runtime = string(m, "runtime");
        if (runtime == null) {
            return;
        }
        String kind = string(m, "kind");
        boolean knownKind =
                kind != null && (kind.equals("theme") || kind.equals("feature") || kind.equals("connector"));
        switch (runtime) {
            case "theme@1" -> theme(kind, knownKind);
            case "app@1" -> app(kind, knownKind);
            case "connector@1" -> {
                if (knownKind && !kind.equals("connector")) {
                    out.add(Finding.error(
                            Rule.CONNECTOR_KIND,
                            "/kind",
                            "runtime connector@1 needs kind \"connector\", found " + Messages.quote(kind) + "."));
                }
            }
            default -> {
                // an unknown runtime has its enum error; rules 1-3 are not evaluated (D17)
            }
        }
    }

    private void theme(String kind, boolean knownKind) {
        if (knownKind && !kind.equals("theme")) {
            out.add(Finding.error(
                    Rule.THEME_KIND,
                    "/kind",
                    "runtime theme@1 needs kind \"theme\", found " + Messages.quote(kind) + "."));
        }
        if (m.opt("permissions") instanceof JSONArray permissions && !permissions.isEmpty()) {
            out.add(Finding.error(
                    Rule.THEME_NO_PERMISSIONS,
                    "/permissions",
                    "Theme add-ons (theme@1) cannot ask for permissions; use []."));
        }
        if (m.opt("pledge") instanceof JSONObject) {
            out.add(Finding.error(
                    Rule.THEME_NO_PLEDGE, "/pledge", "Theme add-ons (theme@1) cannot have a pledge; remove it."));
        }
        if (m.opt("ui") instanceof JSONObject) {
            out.add(Finding.error(
                    Rule.THEME_NO_UI, "/ui", "Theme add-ons (theme@1) cannot have ui (no nav page); remove it."));
        }
        if (m.opt("network") instanceof JSONArray network && !network.isEmpty()) {
            out.add(Finding.error(
                    Rule.THEME_NO_NETWORK,
                    "/network",
                    "Theme add-ons (theme@1) cannot have network access; remove the hostnames."));
        }
    }

    private void app(String kind, boolean knownKind) {
        if (knownKind && !kind.equals("feature")) {
            out.add(Finding.error(
                    Rule.APP_KIND,
                    "/kind",
                    "runtime app@1 needs kind \"feature\", found " + Messages.quote(kind) + "."));
        }
        if (m.opt("compat") instanceof JSONObject compat && !compat.has("sdk")) {
            out.add(Finding.error(
                    Rule.APP_REQUIRES_SDK,
                    "/compat/sdk",
                    "runtime app@1 needs compat.sdk, the SDK (bridge protocol) range, e.g. \"^1.0.0\"."));
        }
        String entry = string(m, "entry");
        if (entry != null && !entry.isEmpty() && !entry.endsWith(".html") && !entry.endsWith(".htm")) {
            out.add(Finding.error(
                    Rule.APP_ENTRY_HTML,
                    "/entry",
                    "runtime app@1 loads entry as an HTML page in the sandbox; it must end in "
                            + ".html or .htm (lowercase), found " + Messages.quote(entry) + "."));
        }
    }

    private void checkPermissions() {
        if (!(m.opt("permissions") instanceof JSONArray permissions)) {
            return;
        }
        Set<Object> granted = new HashSet<>(permissions.toList());
        Object pledge = m.opt("pledge");
        if (pledge == null || pledge instanceof JSONObject) {
            if (granted.contains("jar:pledge") && pledge == null) {
                out.add(Finding.error(
                        Rule.PERMISSION_REQUIRES_PLEDGE,
                        "/pledge",
                        "Permission jar:pledge needs a pledge object with daily_max_cents and reason."));
            } else if (!granted.contains("jar:pledge") && pledge != null) {
                out.add(Finding.error(
                        Rule.PLEDGE_REQUIRES_PERMISSION,
                        "/pledge",
                        "A pledge is only allowed with the jar:pledge permission; add it or remove pledge."));
            }
        }
        Object network = m.opt("network");
        if (network == null || network instanceof JSONArray) {
            boolean hosts = network != null && !((JSONArray) network).isEmpty();
            if (granted.contains("net") && !hosts) {
                out.add(Finding.error(
                        Rule.NET_REQUIRES_NETWORK,
                        "/network",
                        "Permission net needs network with at least one hostname the add-on may call."));
            } else if (!granted.contains("net") && hosts) {
                out.add(Finding.error(
                        Rule.NETWORK_REQUIRES_NET,
                        "/network",
                        "Hostnames in network need the net permission; add net or leave network empty."));
            }
        }
        Object league = m.opt("league");
        if (league == null || league instanceof JSONObject) {
            if (granted.contains("league:share") && league == null) {
                out.add(Finding.error(
                        Rule.PERMISSION_REQUIRES_LEAGUE,
                        "/league",
                        "Permission league:share needs a league object with shares (what is shared)."));
            } else if (!granted.contains("league:share") && league != null) {
                out.add(Finding.error(
                        Rule.LEAGUE_REQUIRES_PERMISSION,
                        "/league",
                        "A league object is only allowed with the league:share permission; add it or remove league."));
            }
        }
    }

    private static String string(JSONObject object, String key) {
        return object.opt(key) instanceof String s ? s : null;
    }
}
