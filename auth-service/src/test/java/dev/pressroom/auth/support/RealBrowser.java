package dev.pressroom.auth.support;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.kernel.testing.Prerequisites;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Debian's headless Chromium driven through ChromeDriver: page sizes and colour scheme emulated, screenshots under
 * target/screenshots/, and axe-core (src/test/browser, installed by the build) run inside each page.
 */
public final class RealBrowser implements AutoCloseable {

    public static final Path SCREENSHOTS = Path.of("target", "screenshots");
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final Path AXE = Path.of("src", "test", "browser", "node_modules", "axe-core", "axe.min.js");
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A viewport: a phone's (375 px, the narrowest common width) or a laptop's. */
    public enum Width {
        PHONE(375, 812),
        DESKTOP(1280, 860);

        final int width;
        final int height;

        Width(int width, int height) {
            this.width = width;
            this.height = height;
        }

        public int width() {
            return width;
        }
    }

    public enum Scheme {
        LIGHT,
        DARK
    }

    public final ChromeDriver driver;
    private final Path profile;
    private final String base;
    private Width width = Width.DESKTOP;

    private RealBrowser(ChromeDriver driver, Path profile, String base) {
        this.driver = driver;
        this.profile = profile;
        this.base = base;
    }

    /**
     * Starts Chromium for pages under {@code base}. Without chromium and chromium-driver (make deps installs them) the
     * calling tests are skipped saying so, and fail under CI=true.
     */
    public static RealBrowser start(String base) throws IOException {
        Prerequisites.require(
                Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
                "Chromium or ChromeDriver is missing (" + CHROMIUM + ", " + CHROMEDRIVER + "): make deps installs"
                        + " them (Debian: apt-get install chromium chromium-driver)");
        Path profile = Files.createTempDirectory("pressroom-chromium-");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        // The machine's network is closed: nothing in the background may try to reach out (or wait for it).
        options.addArguments(
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-dev-shm-usage",
                "--lang=en-US",
                "--user-data-dir=" + profile);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort()
                .build();
        ChromeDriver driver = new ChromeDriver(service, options);
        driver.manage().timeouts().scriptTimeout(Duration.ofSeconds(30));
        driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
        RealBrowser browser =
                new RealBrowser(driver, profile, base.endsWith("/") ? base.substring(0, base.length() - 1) : base);
        browser.size(Width.DESKTOP);
        return browser;
    }

    public RealBrowser open(String pathAndQuery) {
        driver.get(pathAndQuery.startsWith("/") ? base + pathAndQuery : pathAndQuery);
        return this;
    }

    /** Runs {@code action} (a click or key that submits a form) and waits until the next page has replaced this one. */
    public RealBrowser navigating(Runnable action) {
        WebElement page = find("html");
        action.run();
        new WebDriverWait(driver, Duration.ofSeconds(15)).until(d -> isGone(page));
        new WebDriverWait(driver, Duration.ofSeconds(15))
                .until(d -> "complete".equals(((ChromeDriver) d).executeScript("return document.readyState")));
        return this;
    }

    /** Chrome reports a replaced document's element as stale, or as a node "not in the document" just before. */
    private static boolean isGone(WebElement element) {
        try {
            element.getTagName();
            return false;
        } catch (WebDriverException e) {
            return true;
        }
    }

    /** Clicks the submit button {@code css} and waits for the answer's page. */
    public RealBrowser submit(String css) {
        WebElement button = find(css);
        return navigating(button::click);
    }

    public String url() {
        return driver.getCurrentUrl();
    }

    public WebElement find(String css) {
        return driver.findElement(By.cssSelector(css));
    }

    public List<WebElement> findAll(String css) {
        return driver.findElements(By.cssSelector(css));
    }

    /** Emulates the viewport of {@code size} (a phone is a touch device whose meta viewport counts). */
    public RealBrowser size(Width size) {
        this.width = size;
        metrics(size.height);
        return this;
    }

    public Width width() {
        return width;
    }

    private void metrics(int height) {
        driver.executeCdpCommand(
                "Emulation.setDeviceMetricsOverride",
                Map.of("width", width.width, "height", height, "deviceScaleFactor", 1, "mobile", width == Width.PHONE));
    }

    /** Emulates prefers-color-scheme. */
    public RealBrowser scheme(Scheme scheme) {
        driver.executeCdpCommand(
                "Emulation.setEmulatedMedia",
                Map.of(
                        "features",
                        List.of(Map.of(
                                "name",
                                "prefers-color-scheme",
                                "value",
                                scheme.name().toLowerCase(java.util.Locale.ROOT)))));
        return this;
    }

    /** Turns the page's JavaScript off or on (applies from the next navigation). */
    public RealBrowser javascript(boolean enabled) {
        driver.executeCdpCommand("Emulation.setScriptExecutionDisabled", Map.of("value", !enabled));
        return this;
    }

    /** The whole page, however long, as target/screenshots/{name}.png. */
    public Path screenshot(String name) throws IOException {
        Number contentHeight = (Number) driver.executeScript("return document.documentElement.scrollHeight");
        metrics(Math.max(width.height, contentHeight.intValue()));
        try {
            Files.createDirectories(SCREENSHOTS);
            Path file = SCREENSHOTS.resolve(name + ".png");
            Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
            return file;
        } finally {
            metrics(width.height);
        }
    }

    /**
     * Every element with the {@code hidden} attribute that the browser still lays out, its start tag each: a
     * stylesheet's {@code display} beats the attribute's, so an empty error can show as a red "!" with no text. An
     * element inside a hidden ancestor has no box and is not listed.
     */
    @SuppressWarnings("unchecked")
    public List<String> visibleHiddenElements() {
        return (List<String>) driver.executeScript("return [...document.querySelectorAll('[hidden]')]"
                + ".filter(e => e.getClientRects().length > 0)"
                + ".map(e => e.outerHTML.slice(0, e.outerHTML.indexOf('>') + 1))");
    }

    /**
     * axe-core's serious and critical violations on the current page, one line each (rule, help, elements); empty
     * when it has none. Skips the calling test where the build could not install axe-core (fails under CI=true).
     */
    public List<String> seriousAccessibilityViolations() throws IOException {
        Prerequisites.require(
                Files.isReadable(AXE),
                "axe-core is not installed (src/test/browser/install.sh warned why; it needs npm, which make deps"
                        + " installs, and the npm registry once): accessibility not checked");
        driver.executeScript(Files.readString(AXE));
        String json = (String) driver.executeAsyncScript("const done = arguments[arguments.length - 1];"
                + "axe.run(document, {resultTypes: ['violations']})"
                + ".then(r => done(JSON.stringify(r.violations)), e => done('error: ' + e));");
        if (json.startsWith("error: ")) {
            throw new AssertionError("axe-core failed on " + url() + ": " + json);
        }
        List<Map<String, Object>> violations = JSON.readValue(json, new TypeReference<>() {});
        return violations.stream()
                .filter(v -> "serious".equals(v.get("impact")) || "critical".equals(v.get("impact")))
                .map(RealBrowser::describe)
                .toList();
    }

    @SuppressWarnings("unchecked")
    private static String describe(Map<String, Object> violation) {
        List<Map<String, Object>> nodes = (List<Map<String, Object>>) violation.get("nodes");
        return violation.get("id") + " (" + violation.get("impact") + "): " + violation.get("help") + " at "
                + nodes.stream().map(n -> String.valueOf(n.get("target"))).collect(Collectors.joining(", "));
    }

    @Override
    public void close() throws IOException {
        driver.quit();
        try (var files = Files.walk(profile)) {
            files.sorted(java.util.Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
        }
    }
}
