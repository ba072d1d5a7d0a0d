package dev.pressroom.manifest.validation;

import static dev.pressroom.manifest.validation.TestManifests.array;
import static dev.pressroom.manifest.validation.TestManifests.connector;
import static dev.pressroom.manifest.validation.TestManifests.feature;
import static dev.pressroom.manifest.validation.TestManifests.theme;
import static dev.pressroom.manifest.validation.TestManifests.validate;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every rule from both sides: each "invalid" case is one edit of a valid manifest that must give exactly the
 * expected rule at the expected pointer, and each "valid" case sits at or just inside a boundary.
 */
class ManifestRulesTest {

    private static final String EMOJI = "\uD83C\uDF89"; // 🎉, 2 UTF-16 units, 1 code point
    private static final String E_ACUTE_DECOMPOSED = "e\u0301"; // 2 code points

    static Stream<Arguments> invalid() {
        return Stream.of(
                // required keys, each at its own pointer
                bad("feature: no manifest", feature(m -> m.remove("manifest")), "required", "/manifest"),
                bad("feature: no id", feature(m -> m.remove("id")), "required", "/id"),
                bad("feature: no name", feature(m -> m.remove("name")), "required", "/name"),
                bad("feature: no version", feature(m -> m.remove("version")), "required", "/version"),
                bad("feature: no kind", feature(m -> m.remove("kind")), "required", "/kind"),
                bad("feature: no runtime", feature(m -> m.remove("runtime")), "required", "/runtime"),
                bad("feature: no publisher", feature(m -> m.remove("publisher")), "required", "/publisher"),
                bad("feature: no compat", feature(m -> m.remove("compat")), "required", "/compat"),
                bad("feature: no entry", feature(m -> m.remove("entry")), "required", "/entry"),
                bad("feature: no permissions", feature(m -> m.remove("permissions")), "required", "/permissions"),
                bad(
                        "connector: no compat.host",
                        connector(m -> ((ObjectNode) m.get("compat")).remove("host")),
                        "required",
                        "/compat/host"),
                bad(
                        "pledge without reason",
                        feature(m -> ((ObjectNode) m.get("pledge")).remove("reason")),
                        "required",
                        "/pledge/reason"),
                bad(
                        "pledge without daily_max_cents",
                        feature(m -> ((ObjectNode) m.get("pledge")).remove("daily_max_cents")),
                        "required",
                        "/pledge/daily_max_cents"),
                bad(
                        "league without shares",
                        feature(m -> ((ObjectNode) m.get("league")).remove("shares")),
                        "required",
                        "/league/shares"),
                bad(
                        "nav without icon",
                        feature(m -> ((ObjectNode) m.at("/ui/nav")).remove("icon")),
                        "required",
                        "/ui/nav/icon"),
                bad(
                        "nav without label",
                        feature(m -> ((ObjectNode) m.at("/ui/nav")).remove("label")),
                        "required",
                        "/ui/nav/label"),
                // closed objects (D6)
                bad("unknown top-level key", feature(m -> m.put("homepage", "x")), "unknown-key", "/homepage"),
                bad("key names are case-sensitive", feature(m -> m.put("Summary", "x")), "unknown-key", "/Summary"),
                bad(
                        "unknown key in compat",
                        feature(m -> ((ObjectNode) m.get("compat")).put("node", ">=1.0.0")),
                        "unknown-key",
                        "/compat/node"),
                bad(
                        "unknown key in pledge",
                        feature(m -> ((ObjectNode) m.get("pledge")).put("currency", "EUR")),
                        "unknown-key",
                        "/pledge/currency"),
                bad(
                        "unknown key in league",
                        feature(m -> ((ObjectNode) m.get("league")).put("size", 3)),
                        "unknown-key",
                        "/league/size"),
                bad(
                        "unknown key in ui",
                        feature(m -> ((ObjectNode) m.get("ui")).put("settings", true)),
                        "unknown-key",
                        "/ui/settings"),
                bad(
                        "unknown key in ui.nav",
                        feature(m -> ((ObjectNode) m.at("/ui/nav")).put("order", 1)),
                        "unknown-key",
                        "/ui/nav/order"),
                bad("key with / is escaped in the pointer", feature(m -> m.put("a/b~c", 1)), "unknown-key", "/a~1b~0c"),
                // types, null included (D12), one error each (D17)
                bad("manifest as string", feature(m -> m.put("manifest", "1")), "type", "/manifest"),
                bad("manifest with fraction", feature(m -> m.put("manifest", 1.5)), "type", "/manifest"),
                bad("id as number", feature(m -> m.put("id", 42)), "type", "/id"),
                bad("summary null", feature(m -> m.putNull("summary")), "type", "/summary"),
                bad("pledge null", feature(m -> m.putNull("pledge")), "type", "/pledge"),
                bad("compat as string", feature(m -> m.put("compat", ">=2.1.0")), "type", "/compat"),
                bad("permissions as string", feature(m -> m.put("permissions", "net")), "type", "/permissions"),
                bad(
                        "permission item as number",
                        connector(m -> m.set(
                                "permissions",
                                TestManifests.JSON
                                        .createArrayNode()
                                        .add("debts:read")
                                        .add("net")
                                        .add(7))),
                        "type",
                        "/permissions/2"),
                bad("kind null", feature(m -> m.putNull("kind")), "type", "/kind"),
                bad(
                        "daily_max_cents as string",
                        feature(m -> ((ObjectNode) m.get("pledge")).put("daily_max_cents", "500")),
                        "type",
                        "/pledge/daily_max_cents"),
                bad("price_cents with fraction", feature(m -> m.put("price_cents", 2.5)), "type", "/price_cents"),
                bad("description as number", feature(m -> m.put("description", 1)), "type", "/description"),
                bad("$schema as object", feature(m -> m.putObject("$schema")), "type", "/$schema"),
                bad("ui as array", connector(m -> m.putArray("ui")), "type", "/ui"),
                // enums and const
                bad("manifest 2", feature(m -> m.put("manifest", 2)), "enum", "/manifest"),
                bad("kind unknown", feature(m -> m.put("kind", "plugin")), "enum", "/kind"),
                bad("kind is case-sensitive", feature(m -> m.put("kind", "Feature")), "enum", "/kind"),
                bad("runtime unknown", feature(m -> m.put("runtime", "app@2")), "enum", "/runtime"),
                bad(
                        "permission unknown",
                        connector(m -> m.set("permissions", array("debts:read", "net", "admin"))),
                        "enum",
                        "/permissions/2"),
                bad("billing unknown", feature(m -> m.put("billing", "monthly")), "enum", "/billing"),
                // lengths in code points (D1)
                bad("id too short", feature(m -> m.put("id", "ab")), "length", "/id"),
                bad("id too long", feature(m -> m.put("id", "a".repeat(41))), "length", "/id"),
                bad("name empty", feature(m -> m.put("name", "")), "length", "/name"),
                bad("name 41", feature(m -> m.put("name", "n".repeat(41))), "length", "/name"),
                bad("name 41 emoji", feature(m -> m.put("name", EMOJI.repeat(41))), "length", "/name"),
                bad(
                        "name 21 decomposed e-acute (42 code points)",
                        feature(m -> m.put("name", E_ACUTE_DECOMPOSED.repeat(21))),
                        "length",
                        "/name"),
                bad("publisher empty", feature(m -> m.put("publisher", "")), "length", "/publisher"),
                bad("publisher 61", feature(m -> m.put("publisher", "p".repeat(61))), "length", "/publisher"),
                bad("summary 201", feature(m -> m.put("summary", "s".repeat(201))), "length", "/summary"),
                bad(
                        "pledge reason empty",
                        feature(m -> ((ObjectNode) m.get("pledge")).put("reason", "")),
                        "length",
                        "/pledge/reason"),
                bad(
                        "pledge reason 201",
                        feature(m -> ((ObjectNode) m.get("pledge")).put("reason", "r".repeat(201))),
                        "length",
                        "/pledge/reason"),
                bad(
                        "league shares empty",
                        feature(m -> ((ObjectNode) m.get("league")).put("shares", "")),
                        "length",
                        "/league/shares"),
                bad(
                        "league shares 121",
                        feature(m -> ((ObjectNode) m.get("league")).put("shares", "s".repeat(121))),
                        "length",
                        "/league/shares"),
                bad(
                        "nav label empty",
                        feature(m -> ((ObjectNode) m.at("/ui/nav")).put("label", "")),
                        "length",
                        "/ui/nav/label"),
                bad(
                        "nav label 25",
                        feature(m -> ((ObjectNode) m.at("/ui/nav")).put("label", "l".repeat(25))),
                        "length",
                        "/ui/nav/label"),
                // patterns, anchored at the very end
                bad("id uppercase", feature(m -> m.put("id", "My-Addon")), "pattern", "/id"),
                bad("id double dash", feature(m -> m.put("id", "my--addon")), "pattern", "/id"),
                bad("id leading dash", feature(m -> m.put("id", "-addon")), "pattern", "/id"),
                bad("id trailing dash", feature(m -> m.put("id", "addon-")), "pattern", "/id"),
                bad("id with final newline", feature(m -> m.put("id", "my-addon\n")), "pattern", "/id"),
                bad("id non-ASCII", feature(m -> m.put("id", "café-addon")), "pattern", "/id"),
                bad(
                        "nav icon uppercase",
                        feature(m -> ((ObjectNode) m.at("/ui/nav")).put("icon", "Piggy")),
                        "pattern",
                        "/ui/nav/icon"),
                bad("tag uppercase", feature(m -> m.set("tags", array("ok", "Bad"))), "pattern", "/tags/1"),
                bad("tag 25 characters", feature(m -> m.set("tags", array("t".repeat(25)))), "pattern", "/tags/0"),
                bad("tag empty", feature(m -> m.set("tags", array(""))), "pattern", "/tags/0"),
                bad("tag with final newline", feature(m -> m.set("tags", array("tag\n"))), "pattern", "/tags/0"),
                bad("currency lowercase", feature(m -> m.put("currency", "eur")), "pattern", "/currency"),
                bad("currency four letters", feature(m -> m.put("currency", "EURO")), "pattern", "/currency"),
                bad("currency with final newline", feature(m -> m.put("currency", "EUR\n")), "pattern", "/currency"),
                // arrays
                bad(
                        "tags 9 items",
                        feature(m -> m.set("tags", array("a", "b", "c", "d", "e", "f", "g", "h", "i"))),
                        "max-items",
                        "/tags"),
                bad("tags repeated", feature(m -> m.set("tags", array("a", "b", "a"))), "unique", "/tags"),
                bad(
                        "permissions repeated",
                        connector(m -> m.set("permissions", array("net", "debts:read", "net"))),
                        "unique",
                        "/permissions"),
                bad(
                        "network repeated",
                        connector(m -> m.set("network", array("a.example.com", "a.example.com"))),
                        "unique",
                        "/network"),
                // numbers
                bad(
                        "daily_max_cents 0",
                        feature(m -> ((ObjectNode) m.get("pledge")).put("daily_max_cents", 0)),
                        "minimum",
                        "/pledge/daily_max_cents"),
                bad("price_cents -1", feature(m -> m.put("price_cents", -1)), "minimum", "/price_cents"),
                // semver
                bad("version with two parts", feature(m -> m.put("version", "1.0")), "semver", "/version"),
                bad("version with leading zero", feature(m -> m.put("version", "01.0.0")), "semver", "/version"),
                bad(
                        "version prerelease leading zero",
                        feature(m -> m.put("version", "1.0.0-01")),
                        "semver",
                        "/version"),
                bad("version with final newline", feature(m -> m.put("version", "1.0.0\n")), "semver", "/version"),
                bad("version with v prefix", feature(m -> m.put("version", "v1.0.0")), "semver", "/version"),
                bad("version empty prerelease", feature(m -> m.put("version", "1.0.0-")), "semver", "/version"),
                bad("version empty build", feature(m -> m.put("version", "1.0.0+")), "semver", "/version"),
                bad(
                        "host prerelease number past a long",
                        connector(m -> ((ObjectNode) m.get("compat")).put("host", ">=2.0.0-0.99999999999999999999")),
                        "semver-range",
                        "/compat/host"),
                bad("version with spaces", feature(m -> m.put("version", " 1.0.0")), "semver", "/version"),
                bad(
                        "host empty",
                        connector(m -> ((ObjectNode) m.get("compat")).put("host", "")),
                        "semver-range",
                        "/compat/host"),
                bad(
                        "host space after operator",
                        connector(m -> ((ObjectNode) m.get("compat")).put("host", ">= 2.0.0")),
                        "semver-range",
                        "/compat/host"),
                bad(
                        "host Maven interval",
                        connector(m -> ((ObjectNode) m.get("compat")).put("host", "[2.0.0,3.0.0)")),
                        "semver-range",
                        "/compat/host"),
                bad(
                        "host empty alternative",
                        connector(m -> ((ObjectNode) m.get("compat")).put("host", ">=2.1.0 ||")),
                        "semver-range",
                        "/compat/host"),
                bad(
                        "host unsatisfiable",
                        connector(m -> ((ObjectNode) m.get("compat")).put("host", ">=3.0.0 <2.0.0")),
                        "semver-range-unsatisfiable",
                        "/compat/host"),
                bad(
                        "sdk not a range",
                        feature(m -> ((ObjectNode) m.get("compat")).put("sdk", "latest")),
                        "semver-range",
                        "/compat/sdk"),
                bad(
                        "sdk unsatisfiable",
                        feature(m -> ((ObjectNode) m.get("compat")).put("sdk", "<0.0.0")),
                        "semver-range-unsatisfiable",
                        "/compat/sdk"),
                bad(
                        "connector sdk must be valid when present (D18)",
                        connector(m -> ((ObjectNode) m.get("compat")).put("sdk", "~>1.0")),
                        "semver-range",
                        "/compat/sdk"),
                bad(
                        "min_server_version above the lowest",
                        feature(m -> m.put("min_server_version", "2.1.1")),
                        "min-server-version",
                        "/min_server_version"),
                bad(
                        "min_server_version with build (D5)",
                        feature(m -> m.put("min_server_version", "2.1.0+build.7")),
                        "min-server-version",
                        "/min_server_version"),
                bad(
                        "min_server_version not semver",
                        feature(m -> m.put("min_server_version", "2.1")),
                        "semver",
                        "/min_server_version"),
                // paths (D10)
                bad("entry absolute", connector(m -> m.put("entry", "/main.js")), "path", "/entry"),
                bad("entry backslash", connector(m -> m.put("entry", "lib\\main.js")), "path", "/entry"),
                bad("entry dot segment", connector(m -> m.put("entry", "./main.js")), "path", "/entry"),
                bad("entry dot-dot segment", connector(m -> m.put("entry", "lib/../../main.js")), "path", "/entry"),
                bad("entry drive letter", connector(m -> m.put("entry", "C:/main.js")), "path", "/entry"),
                bad("entry URL", connector(m -> m.put("entry", "https://cdn.example.com/main.js")), "path", "/entry"),
                bad("entry empty segment", connector(m -> m.put("entry", "lib//main.js")), "path", "/entry"),
                bad("entry trailing slash", connector(m -> m.put("entry", "lib/")), "path", "/entry"),
                bad("entry empty", connector(m -> m.put("entry", "")), "path", "/entry"),
                bad("icon dot-dot", feature(m -> m.put("icon", "../icon.png")), "path", "/icon"),
                bad("icon uppercase extension", feature(m -> m.put("icon", "icon.PNG")), "icon-extension", "/icon"),
                bad("icon gif", feature(m -> m.put("icon", "icon.gif")), "icon-extension", "/icon"),
                // hostnames (D22)
                bad(
                        "host uppercase",
                        connector(m -> m.set("network", array("API.example.com"))),
                        "hostname",
                        "/network/0"),
                bad(
                        "host with scheme",
                        connector(m -> m.set("network", array("https://api.example.com"))),
                        "hostname",
                        "/network/0"),
                bad(
                        "host with port",
                        connector(m -> m.set("network", array("api.example.com:8443"))),
                        "hostname",
                        "/network/0"),
                bad(
                        "host with path",
                        connector(m -> m.set("network", array("api.example.com/v1"))),
                        "hostname",
                        "/network/0"),
                bad(
                        "host wildcard",
                        connector(m -> m.set("network", array("*.example.com"))),
                        "hostname",
                        "/network/0"),
                bad(
                        "host single label",
                        connector(m -> m.set("network", array("localhost"))),
                        "hostname",
                        "/network/0"),
                bad(
                        "host trailing dot",
                        connector(m -> m.set("network", array("example.com."))),
                        "hostname",
                        "/network/0"),
                bad("host IPv4", connector(m -> m.set("network", array("192.168.1.10"))), "hostname", "/network/0"),
                bad("host IPv6", connector(m -> m.set("network", array("[::1]"))), "hostname", "/network/0"),
                bad(
                        "host punycode TLD",
                        connector(m -> m.set("network", array("example.xn--p1ai"))),
                        "hostname",
                        "/network/0"),
                bad(
                        "host non-ASCII",
                        connector(m -> m.set("network", array("bücher.example"))),
                        "hostname",
                        "/network/0"),
                bad(
                        "host label ends with dash",
                        connector(m -> m.set("network", array("api-.example.com"))),
                        "hostname",
                        "/network/0"),
                bad(
                        "host one-letter TLD",
                        connector(m -> m.set("network", array("example.c"))),
                        "hostname",
                        "/network/0"),
                bad(
                        "host label 64",
                        connector(m -> m.set("network", array("a".repeat(64) + ".com"))),
                        "hostname",
                        "/network/0"),
                bad(
                        "host 254 characters",
                        connector(m -> m.set("network", array(longHost(254)))),
                        "hostname",
                        "/network/0"),
                bad(
                        "host empty",
                        connector(m -> m.set("network", array("ok.example.com", ""))),
                        "hostname",
                        "/network/1"),
                // conditional rules 1-3
                bad("theme@1 with kind feature", theme(m -> m.put("kind", "feature")), "theme-kind", "/kind"),
                bad(
                        "theme@1 with permissions",
                        theme(m -> m.set("permissions", array("storage"))),
                        "theme-no-permissions",
                        "/permissions"),
                bad("theme@1 with ui {} (D19)", theme(m -> m.putObject("ui")), "theme-no-ui", "/ui"),
                bad("app@1 with kind connector", feature(m -> m.put("kind", "connector")), "app-kind", "/kind"),
                bad(
                        "app@1 without compat.sdk",
                        feature(m -> ((ObjectNode) m.get("compat")).remove("sdk")),
                        "app-requires-sdk",
                        "/compat/sdk"),
                bad("app@1 entry not HTML", feature(m -> m.put("entry", "app/main.js")), "app-entry-html", "/entry"),
                bad(
                        "app@1 entry uppercase HTML",
                        feature(m -> m.put("entry", "INDEX.HTML")),
                        "app-entry-html",
                        "/entry"),
                bad("connector@1 with kind theme", connector(m -> m.put("kind", "theme")), "connector-kind", "/kind"),
                // conditional rules 4-6, both directions
                bad(
                        "jar:pledge without pledge",
                        feature(m -> m.remove("pledge")),
                        "permission-requires-pledge",
                        "/pledge"),
                bad(
                        "pledge without jar:pledge",
                        feature(m -> m.set("permissions", array("summary:read", "net", "league:share"))),
                        "pledge-requires-permission",
                        "/pledge"),
                bad("net without network", feature(m -> m.remove("network")), "net-requires-network", "/network"),
                bad(
                        "net with empty network (D7)",
                        feature(m -> m.putArray("network")),
                        "net-requires-network",
                        "/network"),
                bad(
                        "network without net",
                        connector(m -> m.set("permissions", array("debts:read"))),
                        "network-requires-net",
                        "/network"),
                bad(
                        "league:share without league",
                        feature(m -> m.remove("league")),
                        "permission-requires-league",
                        "/league"),
                bad(
                        "league without league:share",
                        feature(m -> m.set("permissions", array("jar:pledge", "net"))),
                        "league-requires-permission",
                        "/league"));
    }

    static Stream<Arguments> valid() {
        return Stream.of(
                ok("the full feature app", feature(m -> {})),
                ok("manifest 1.0 is an integer (D13)", feature(m -> m.put("manifest", 1.0))),
                ok("id 3 characters", feature(m -> m.put("id", "abc"))),
                ok("id 40 characters", feature(m -> m.put("id", "a".repeat(40)))),
                ok("id digits and dashes", feature(m -> m.put("id", "2048-game-v2"))),
                ok("name 1 character", feature(m -> m.put("name", "N"))),
                ok("name 40 characters", feature(m -> m.put("name", "n".repeat(40)))),
                ok("name 40 emoji (80 UTF-16 units)", feature(m -> m.put("name", EMOJI.repeat(40)))),
                ok(
                        "name 20 decomposed e-acute (40 code points)",
                        feature(m -> m.put("name", E_ACUTE_DECOMPOSED.repeat(20)))),
                ok("name blank is length 1 (no trimming)", feature(m -> m.put("name", " "))),
                ok("publisher 60", feature(m -> m.put("publisher", "ü".repeat(60)))),
                ok("summary empty (D20)", feature(m -> m.put("summary", ""))),
                ok("summary 200", feature(m -> m.put("summary", "é".repeat(200)))),
                ok("summary absent", feature(m -> m.remove("summary"))),
                ok("version with prerelease and build", feature(m -> m.put("version", "10.20.30-rc.1+build.0007"))),
                ok("version zero", feature(m -> m.put("version", "0.0.0"))),
                ok("version numeric parts beyond 64 bits", feature(m -> m.put("version", "18446744073709551616.0.0"))),
                ok("host union lowest over all alternatives (D4)", feature(m -> {
                    ((ObjectNode) m.get("compat")).put("host", ">=2.1.0 <3.0.0 || ^1.8.0");
                    m.put("min_server_version", "1.8.0");
                })),
                ok("host prerelease lower bound (D4)", feature(m -> {
                    ((ObjectNode) m.get("compat")).put("host", ">=2.1.0-rc.1 <3.0.0");
                    m.put("min_server_version", "2.1.0-rc.1");
                })),
                ok("host greater-than (D4)", feature(m -> {
                    ((ObjectNode) m.get("compat")).put("host", ">2.1.0");
                    m.put("min_server_version", "2.1.1");
                })),
                ok(
                        "host union with one unsatisfiable alternative (D3)",
                        connector(m -> ((ObjectNode) m.get("compat")).put("host", ">=3.0.0 <2.0.0 || >=2.5.0"))),
                ok("connector with sdk (D18)", connector(m -> ((ObjectNode) m.get("compat")).put("sdk", "1.x"))),
                ok("daily_max_cents 1", feature(m -> ((ObjectNode) m.get("pledge")).put("daily_max_cents", 1))),
                ok(
                        "daily_max_cents 30 digits",
                        feature(m ->
                                ((ObjectNode) m.get("pledge")).put("daily_max_cents", new BigInteger("1".repeat(30))))),
                ok("pledge reason 200", feature(m -> ((ObjectNode) m.get("pledge")).put("reason", "r".repeat(200)))),
                ok("league shares 120", feature(m -> ((ObjectNode) m.get("league")).put("shares", "s".repeat(120)))),
                ok("nav label 24", feature(m -> ((ObjectNode) m.at("/ui/nav")).put("label", "ł".repeat(24)))),
                ok("ui {} on a feature (D19)", feature(m -> m.putObject("ui"))),
                ok(
                        "ui.nav on a connector (D19)",
                        connector(m -> m.set(
                                "ui",
                                TestManifests.tree("valid/feature-app.json").get("ui")))),
                ok("tags 8", feature(m -> m.set("tags", array("a", "b", "c", "d", "e", "f", "g", "h")))),
                ok("tag 24 characters with dashes", feature(m -> m.set("tags", array("-".repeat(4) + "t".repeat(20))))),
                ok("tags empty", feature(m -> m.putArray("tags"))),
                ok("price_cents 0", feature(m -> m.put("price_cents", 0))),
                ok("billing free with a price (D21)", feature(m -> m.put("billing", "free"))),
                ok("currency ZZZ (D21)", feature(m -> m.put("currency", "ZZZ"))),
                ok("$schema empty (D24)", feature(m -> m.put("$schema", ""))),
                ok("entry .htm", feature(m -> m.put("entry", "page.htm"))),
                ok("entry names that merely start with dots (D10)", feature(m -> m.put("entry", ".well/..page.html"))),
                ok("entry non-ASCII (D10)", feature(m -> m.put("entry", "seiten/übersicht.html"))),
                ok("theme entry with any extension (D23)", theme(m -> m.put("entry", "index.html"))),
                ok("icon svg", feature(m -> m.put("icon", "icons/app.svg"))),
                ok("permissions empty for a feature (D8)", feature(m -> {
                    m.putArray("permissions");
                    m.remove("pledge");
                    m.remove("league");
                    m.remove("network");
                })),
                ok("connector empty network without net (D7)", connector(m -> {
                    m.set("permissions", array("debts:read"));
                    m.putArray("network");
                })),
                ok("host punycode label", connector(m -> m.set("network", array("xn--bcher-kva.example.com")))),
                ok("host label 63", connector(m -> m.set("network", array("a".repeat(63) + ".com")))),
                ok("host 253 characters", connector(m -> m.set("network", array(longHost(253))))),
                ok("host long TLD", connector(m -> m.set("network", array("api.example." + "z".repeat(63))))),
                ok("theme with empty network (rule 1)", theme(m -> m.putArray("network"))),
                ok("non-ASCII fixture", TestManifests.bytes("valid/non-ascii.json")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalid")
    void validateWhenOneRuleIsBrokenThenExactlyThatViolation(
            String name, byte[] manifest, String rule, String pointer) {
        ValidationReport report = validate(manifest);

        assertThat(report.valid()).isFalse();
        assertThat(report.errors())
                .extracting(v -> v.rule().id() + " " + v.pointer())
                .containsExactly(rule + " " + pointer);
        assertThat(report.errors().get(0).line()).isPositive();
        assertThat(report.errors().get(0).message()).isNotBlank();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("valid")
    void validateWhenAtOrInsideEveryBoundaryThenValid(String name, byte[] manifest) {
        ValidationReport report = validate(manifest);

        assertThat(report.errors()).isEmpty();
        assertThat(report.valid()).isTrue();
        assertThat(report.manifest()).isNotNull();
    }

    private static Arguments bad(String name, byte[] manifest, String rule, String pointer) {
        return Arguments.of(name, manifest, rule, pointer);
    }

    private static Arguments ok(String name, byte[] manifest) {
        return Arguments.of(name, manifest);
    }

    /** A valid-looking hostname of exactly {@code length} characters, labels of at most 63. */
    private static String longHost(int length) {
        StringBuilder host = new StringBuilder();
        while (host.length() + 64 < length - 4) {
            host.append("a".repeat(63)).append('.');
        }
        host.append("b".repeat(length - 4 - host.length())).append(".com");
        return host.toString();
    }
}
