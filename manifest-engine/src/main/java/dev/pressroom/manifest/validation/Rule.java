package dev.pressroom.manifest.validation;

import java.util.Arrays;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Every rule the validator reports, with its stable kebab-case id. The ids are part of the API (CI scripts
 * match on them) and are listed in the README; never rename one.
 */
public enum Rule {
    // Reading the bytes (RFC 8259, decisions D14-D16)
    JSON_SYNTAX(
            "json-syntax",
            "The text is not strict RFC 8259 JSON (comments, trailing commas, single quotes, data after the value, ...)."),
    JSON_BOM("json-bom", "The file starts with a UTF-8 byte order mark; save it without BOM."),
    JSON_ENCODING("json-encoding", "The file is not valid UTF-8 (UTF-16/32 or malformed bytes)."),
    JSON_DUPLICATE_KEY(
            "json-duplicate-key",
            "A member name appears twice in one object; no other rule is evaluated on such a document."),
    JSON_LIMITS("json-limits", "The document is larger than 1 MiB or nested deeper than 64 levels."),
    // Structure (the JSON Schema)
    REQUIRED("required", "A required key is missing."),
    UNKNOWN_KEY("unknown-key", "A key that the manifest format does not define (every object is closed)."),
    TYPE("type", "A value of the wrong JSON type (null included); reported once, nothing below it is checked."),
    PATTERN("pattern", "A string that does not match its pattern (id, tags, currency, ui.nav.icon)."),
    LENGTH("length", "A string shorter or longer than allowed, counted in Unicode code points."),
    ENUM("enum", "A value outside its fixed set (manifest, kind, runtime, permissions, billing)."),
    UNIQUE("unique", "An array that must hold unique items has a repeated one (permissions, network, tags)."),
    MAX_ITEMS("max-items", "An array with too many items (tags: at most 8)."),
    MINIMUM("minimum", "A number below its minimum (price_cents >= 0, pledge.daily_max_cents >= 1)."),
    // Values (plain Java)
    SEMVER("semver", "version or min_server_version is not a semantic version MAJOR.MINOR.PATCH[-pre][+build]."),
    SEMVER_RANGE("semver-range", "compat.host or compat.sdk is not an npm-style semver range."),
    SEMVER_RANGE_UNSATISFIABLE(
            "semver-range-unsatisfiable", "compat.host or compat.sdk is a range no version satisfies."),
    MIN_SERVER_VERSION("min-server-version", "min_server_version differs from the lowest version compat.host allows."),
    PATH("path", "entry or icon is not a safe relative path inside the package."),
    ICON_EXTENSION("icon-extension", "icon does not end in .png or .svg (lowercase)."),
    HOSTNAME("hostname", "A network item is not a lowercase hostname without scheme, port, path or wildcard."),
    // Conditional rules 1-6 of the spec
    THEME_KIND("theme-kind", "runtime theme@1 needs kind theme."),
    THEME_NO_PERMISSIONS("theme-no-permissions", "runtime theme@1 cannot ask for permissions."),
    THEME_NO_PLEDGE("theme-no-pledge", "runtime theme@1 cannot have a pledge."),
    THEME_NO_UI("theme-no-ui", "runtime theme@1 cannot have ui (not even {})."),
    THEME_NO_NETWORK("theme-no-network", "runtime theme@1 cannot list network hosts."),
    APP_KIND("app-kind", "runtime app@1 needs kind feature."),
    APP_REQUIRES_SDK("app-requires-sdk", "runtime app@1 needs compat.sdk."),
    APP_ENTRY_HTML("app-entry-html", "runtime app@1 needs an entry ending .html or .htm."),
    CONNECTOR_KIND("connector-kind", "runtime connector@1 needs kind connector."),
    PERMISSION_REQUIRES_PLEDGE("permission-requires-pledge", "Permission jar:pledge needs a pledge object."),
    PLEDGE_REQUIRES_PERMISSION("pledge-requires-permission", "A pledge object needs the jar:pledge permission."),
    NET_REQUIRES_NETWORK("net-requires-network", "Permission net needs at least one network hostname."),
    NETWORK_REQUIRES_NET("network-requires-net", "Network hostnames need the net permission (or leave network empty)."),
    PERMISSION_REQUIRES_LEAGUE("permission-requires-league", "Permission league:share needs a league object."),
    LEAGUE_REQUIRES_PERMISSION("league-requires-permission", "A league object needs the league:share permission."),
    // Warnings on the manifest
    TRUNCATED(
            "truncated", "Warning: more than 1,000 errors; only the first 1,000 are reported (hostile-input defence)."),
    DEPRECATED("deprecated", "Warning: min_server_version is deprecated (only servers older than add-ons v1 read it)."),
    // Package (zip) checks
    PACKAGE_INVALID(
            "package-invalid",
            "The body is not a readable zip (corrupt data, encrypted, ZIP64, multi-disk or an unsupported compression method)."),
    PACKAGE_LAYOUT(
            "package-layout",
            "The zip is not in the one layout every extractor reads alike: bytes outside the entries, the central directory and the end record, headers that disagree, a second end record, ZIP64 or Unix extra fields, or a name or type that reads two ways."),
    PACKAGE_LIMITS(
            "package-limits",
            "Zip-bomb defence: too many entries, too much uncompressed data, a too high compression ratio or overlapping entries."),
    PACKAGE_UNSAFE_PATH(
            "package-unsafe-path",
            "An entry name escapes the package (absolute, drive letter, backslash, . or .. segment), repeats another or collides with one on case-insensitive file systems."),
    PACKAGE_SYMLINK("package-symlink", "An entry is a symbolic link."),
    MANIFEST_MISSING("manifest-missing", "There is no manifest.json at the package root."),
    ENTRY_MISSING("entry-missing", "The file named by entry is not in the package."),
    ICON_MISSING("icon-missing", "The file named by icon is not in the package."),
    ICON_CONTENT(
            "icon-content",
            "The icon file is not a real PNG or SVG (or an SVG with more than static graphics: scripts, links, external references)."),
    ICON_SIZE("icon-size", "Warning: the icon is not square or far from 256x256."),
    DESCRIPTION_MISSING(
            "description-missing", "Warning: no description and no README.md for the catalog to fall back on.");

    private static final Map<String, Rule> BY_ID =
            Arrays.stream(values()).collect(Collectors.toUnmodifiableMap(Rule::id, Function.identity()));

    private final String id;
    private final String description;

    Rule(String id, String description) {
        this.id = id;
        this.description = description;
    }

    public String id() {
        return id;
    }

    public String description() {
        return description;
    }

    public static Rule byId(String id) {
        return BY_ID.get(id);
    }
}
