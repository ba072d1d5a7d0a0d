package dev.pressroom.auth.token;

import dev.pressroom.auth.jni.NativeOrJava;
import dev.pressroom.auth.jni.NativeOrJava.Choice;
import java.util.function.Supplier;

/** Picks the RS256 signer from AUTH_SIGNER: {@code auto} (OpenSSL when its library loads), {@code openssl}, {@code jdk}. */
final class RsaSigners {

    private static final NativeOrJava.Setting SETTING = new NativeOrJava.Setting("AUTH_SIGNER", "openssl", "jdk");

    private RsaSigners() {}

    /**
     * @param openssl loads the OpenSSL signer, throwing IllegalStateException when it cannot
     * @throws IllegalStateException when {@code openssl} is asked for and does not load (no silent fallback then)
     */
    static Choice<RsaSigner> choose(String mode, Supplier<OpenSslRsaSigner> openssl) {
        return NativeOrJava.choose(
                SETTING,
                mode,
                openssl,
                signer -> "RS256 signing with " + signer.version(),
                JdkRsaSigner::new,
                "RS256 signing with the JDK");
    }
}
