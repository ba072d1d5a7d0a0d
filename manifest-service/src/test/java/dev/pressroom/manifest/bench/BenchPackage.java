package dev.pressroom.manifest.bench;

import dev.pressroom.manifest.pkg.TestPackages;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes the typical add-on package that bench/run.sh posts to /v1/packages/validate: the typical manifest,
 * its HTML entry, a 256x256 PNG icon, a README and a few app files (run by bench/run.sh, not by surefire). Given a
 * second file and a count, also the multipart/form-data body of a batch of that many copies, one part named
 * "package" each, separated by {@link #BOUNDARY}.
 *
 * <p>{@code BenchPackage <zip> [<batch body> <count>]}
 */
public final class BenchPackage {

    /** The multipart boundary of the batch body; bench/run.sh sends it in the Content-Type. */
    public static final String BOUNDARY = "pressroom-bench-boundary";

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
        if (args.length == 3) {
            byte[] batch = batch(zip, Integer.parseInt(args[2]));
            Files.write(Path.of(args[1]), batch);
            System.out.println(args[1] + " " + batch.length + " bytes");
        }
    }

    private static byte[] batch(byte[] zip, int count) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (int i = 1; i <= count; i++) {
            body.write(("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"package\"; filename=\"addon-" + i
                            + ".zip\"\r\nContent-Type: application/zip\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            body.write(zip);
            body.write("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        body.write(("--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.US_ASCII));
        return body.toByteArray();
    }
}
