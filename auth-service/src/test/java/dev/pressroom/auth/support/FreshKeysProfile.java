package dev.pressroom.auth.support;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.Map;

/** A key directory of its own, so rotating keys in a test leaves the other tests' keys alone. */
public class FreshKeysProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        String dir = System.getProperty("pressroom.auth.test-fresh-keys");
        if (dir == null) {
            try {
                dir = Files.createTempDirectory("pressroom-auth-rotation-keys").toString();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            System.setProperty("pressroom.auth.test-fresh-keys", dir);
        }
        return Map.of("auth.keys-dir", dir);
    }
}
