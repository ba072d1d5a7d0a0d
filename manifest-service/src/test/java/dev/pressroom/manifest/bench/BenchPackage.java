package dev.pressroom.manifest.bench;

import dev.pressroom.manifest.pkg.TestPackages;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes the typical add-on package that bench/run.sh posts to /v1/packages/validate: the typical manifest,
 * its HTML entry, a 256x256 PNG icon, a README and a few app files (run by bench/run.sh, not by surefire).
 */
public final class BenchPackage {

    private BenchPackage() {}

    public static void main(String[] args) throws IOException {
        byte[] manifest;
        try (InputStream in =
                BenchPackage.class.getClassLoader().getResourceAsStream("manifests/valid/feature-app.json")) {
            manifest = in.readAllBytes();
        }
        byte[] zip = TestPackages.builder()
                .add("manifest.json", manifest)
                .add(
                        "app/index.html",
                        "<!doctype html><html><head><script src=\"app.js\"></script></head><body></body></html>")
                .add("app/app.js", "export function start(bridge) {\n  return bridge.summary();\n}\n".repeat(40))
                .add("app/style.css", "body { font-family: system-ui; margin: 0; }\n".repeat(20))
                .add("assets/icon.png", TestPackages.png(256, 256))
                .add("README.md", "# Savings Coach\n\nA friendly coach.\n")
                .zip();
        Files.write(Path.of(args[0]), zip);
        System.out.println(args[0] + " " + zip.length + " bytes");
    }
}
