package dev.pressroom.auth.password;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.kernel.testing.NativeImageRules;
import java.lang.ref.Cleaner;
import org.junit.jupiter.api.Test;

class NativeImageRulesTest {

    /** A renamed holder would silently lose its run-time rule, and the native build would refuse the Cleaner. */
    @Test
    void nativeImagePropertiesWhenReadThenTheRunTimeClassExistsAndHoldsTheCleaner() throws Exception {
        Class<?> holder = NativeImageRules.runTimeInitialized(ReferenceArgon2id.class, "auth-service");
        assertThat(holder.getDeclaredField("CLEANER").getType()).isEqualTo(Cleaner.class);
    }
}
