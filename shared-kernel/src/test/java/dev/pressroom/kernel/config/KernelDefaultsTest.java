package dev.pressroom.kernel.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The defaults every service gets from the kernel's META-INF/microprofile-config.properties. */
class KernelDefaultsTest {

    private static Properties defaults() throws IOException {
        Properties properties = new Properties();
        try (InputStream in =
                KernelDefaultsTest.class.getResourceAsStream("/META-INF/microprofile-config.properties")) {
            properties.load(in);
        }
        return properties;
    }

    @Test
    void proxyTrustWhenTrustedProxiesUnsetThenNobodyIsTrusted() throws IOException {
        // Quarkus believes every peer's X-Forwarded-For when the list is empty; 0.0.0.0 opens no connection.
        assertThat(defaults().getProperty("quarkus.http.proxy.trusted-proxies"))
                .isEqualTo("${TRUSTED_PROXIES:0.0.0.0}");
    }

    @Test
    void listenAddressWhenMakeRunThenLoopbackAndPodsKeepAllInterfaces() throws IOException {
        Properties defaults = defaults();

        assertThat(defaults.getProperty("%dev.quarkus.http.host")).isEqualTo("${RUN_HOST:127.0.0.1}");
        assertThat(defaults.getProperty("%dev.quarkus.management.host")).isEqualTo("${RUN_HOST:127.0.0.1}");
        assertThat(defaults.stringPropertyNames())
                .noneMatch(name -> name.endsWith("quarkus.http.host") && !name.startsWith("%dev."));
    }
}
