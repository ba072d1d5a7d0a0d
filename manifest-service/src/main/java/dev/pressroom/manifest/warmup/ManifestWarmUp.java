package dev.pressroom.manifest.warmup;

import dev.pressroom.kernel.warmup.WarmUpClient;
import dev.pressroom.kernel.warmup.WarmUpClient.Request;
import dev.pressroom.kernel.warmup.WarmUpFailure;
import dev.pressroom.kernel.warmup.WarmUpRounds;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * manifest-service's warm-up before readiness (kernel {@code WarmUp}; README, "Warm-up"): what CI pipelines send, one
 * round at a time. A typical valid manifest in each report format, an invalid one, a whole package and the schema;
 * nothing is stored, so the rounds leave nothing behind.
 */
@ApplicationScoped
public class ManifestWarmUp implements WarmUpRounds {

    /** A typical feature app's manifest (the bench posts the same one). */
    static final String MANIFEST = """
            {
              "$schema": "https://schemas.pressroom.dev/addon-manifest/v1/manifest.schema.json",
              "manifest": 1,
              "id": "warm-up-coach",
              "name": "Warm-up Coach",
              "version": "1.4.2",
              "kind": "feature",
              "runtime": "app@1",
              "publisher": "Pressroom",
              "summary": "Nudges you towards your savings goals with weekly tips.",
              "compat": { "host": ">=2.1.0 <3.0.0", "sdk": "^1.2.0" },
              "entry": "app/index.html",
              "icon": "assets/icon.svg",
              "permissions": ["summary:read", "goals:read", "net", "storage"],
              "network": ["api.example.com"],
              "ui": { "nav": { "label": "Coach", "icon": "piggy-bank" } },
              "description": "# Warm-up Coach\\n\\nA friendly coach.",
              "tags": ["savings", "goals"]
            }
            """;

    /** The same manifest with an error per kind of check: schema, semantic version, range. */
    static final String INVALID_MANIFEST = MANIFEST.replace("\"1.4.2\"", "\"1.4\"")
            .replace(">=2.1.0 <3.0.0", ">=two")
            .replace("\"kind\": \"feature\"", "\"kind\": \"gadget\"");

    /** Nothing here is limited per address, so the pass is not needed. */
    @Override
    public Optional<Session> open(URI listener, String pass) {
        WarmUpClient http = new WarmUpClient(listener);
        byte[] addOn = addOnPackage();
        return Optional.of(new Session() {
            @Override
            public void round() throws IOException, WarmUpFailure {
                for (String format : new String[] {"application/json", "text/plain", "application/sarif+json"}) {
                    expect("manifest as " + format, validate(MANIFEST).header("Accept", format), 200);
                }
                expect("invalid manifest", validate(INVALID_MANIFEST), 422);
                expect("package", Request.post("/v1/packages/validate", "application/zip", addOn), 200);
                expect("schema", Request.get("/v1/manifest.schema.json"), 200);
            }

            private static Request validate(String manifest) {
                return Request.post("/v1/manifests/validate", "application/json", manifest);
            }

            private void expect(String step, Request request, int status) throws IOException, WarmUpFailure {
                int answered = http.send(request).status();
                if (answered != status) {
                    throw new WarmUpFailure(step + " answered " + answered);
                }
            }

            @Override
            public void close() {
                http.close();
            }
        });
    }

    /** A valid add-on package: the manifest, its entry and a 256x256 SVG icon. */
    static byte[] addOnPackage() {
        Map<String, String> files = Map.of(
                "manifest.json",
                MANIFEST,
                "app/index.html",
                "<!doctype html><title>Warm-up Coach</title><p>Coach</p>",
                "assets/icon.svg",
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"256\" height=\"256\" "
                        + "viewBox=\"0 0 256 256\"><circle cx=\"128\" cy=\"128\" r=\"100\"/></svg>",
                "README.md",
                "# Warm-up Coach\n");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            for (Map.Entry<String, String> file : files.entrySet()) {
                zip.putNextEntry(new ZipEntry(file.getKey()));
                zip.write(file.getValue().getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }
}
