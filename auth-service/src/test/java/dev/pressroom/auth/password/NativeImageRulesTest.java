package dev.pressroom.auth.password;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.lang.ref.Cleaner;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class NativeImageRulesTest {

    /** A renamed holder would silently lose its run-time rule, and the native build would refuse the Cleaner. */
    @Test
    void nativeImagePropertiesWhenReadThenTheRunTimeClassExistsAndHoldsTheCleaner() throws Exception {
        Properties properties = new Properties();
        try (InputStream in = ReferenceArgon2id.class.getResourceAsStream(
                "/META-INF/native-image/dev.pressroom/auth-service/native-image.properties")) {
            if (in == null) {
                throw new IOException("auth-service's native-image.properties is missing");
            }
            properties.load(in);
        }
        Matcher runTime = Pattern.compile("--initialize-at-run-time=(\\S+)").matcher(properties.getProperty("Args"));
        assertThat(runTime.find()).isTrue();
        Class<?> holder = Class.forName(runTime.group(1), false, ReferenceArgon2id.class.getClassLoader());
        assertThat(holder.getDeclaredField("CLEANER").getType()).isEqualTo(Cleaner.class);
    }
}
