package dev.pressroom.auth.token;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pressroom.auth.keys.JwsAlgorithm;
import dev.pressroom.auth.keys.SigningKey;
import dev.pressroom.auth.support.TestKeys;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.interfaces.RSAPrivateKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** RSASSA-PKCS1-v1_5 is deterministic: OpenSSL must give the JDK's signature, byte for byte. */
class OpenSslRsaSignerTest {

    private final JdkRsaSigner jdk = new JdkRsaSigner();
    private OpenSslRsaSigner openssl;

    @BeforeEach
    void load() {
        openssl = OpenSslAvailable.signer();
    }

    @AfterEach
    void close() {
        openssl.close();
    }

    @Test
    void signWhenRandomInputsAndKeysOf2048To4096BitsThenSameBytesAsJdk() throws Exception {
        Random random = new Random(7);
        for (int bits : new int[] {2048, 3072, 4096}) {
            SigningKey key = generate("k-" + bits, bits);
            for (int i = 0; i < 200; i++) {
                byte[] input = new byte[random.nextInt(i < 3 ? 1 : 4096)];
                random.nextBytes(input);

                byte[] signature = openssl.sign(key, input);

                assertThat(signature).as("%d bits, input %d", bits, i).isEqualTo(jdk.sign(key, input));
                assertThat(signature).hasSize(bits / 8);
            }
        }
    }

    @Test
    void signWhenManyThreadsShareOneKeyThenEverySignatureIsTheJdksOne() throws Exception {
        SigningKey key = TestKeys.generate("2026-01-01-a");
        List<byte[]> inputs = new ArrayList<>();
        List<byte[]> expected = new ArrayList<>();
        SecureRandom random = new SecureRandom();
        for (int i = 0; i < 64; i++) {
            byte[] input = new byte[300 + i];
            random.nextBytes(input);
            inputs.add(input);
            expected.add(jdk.sign(key, input));
        }
        ExecutorService pool = Executors.newFixedThreadPool(32);
        try {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int t = 0; t < 32; t++) {
                results.add(pool.submit(() -> {
                    for (int round = 0; round < 20; round++) {
                        for (int i = 0; i < inputs.size(); i += 7) {
                            if (!java.util.Arrays.equals(openssl.sign(key, inputs.get(i)), expected.get(i))) {
                                return false;
                            }
                        }
                    }
                    return true;
                }));
            }
            for (Future<Boolean> result : results) {
                assertThat(result.get()).isTrue();
            }
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void signWhenKeyFilesAreReReadThenEqualKeyKeepsSigningAndChangedKeyIsUsed() throws Exception {
        SigningKey first = TestKeys.generate("2026-01-01-a");
        byte[] input = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhIn0".getBytes(UTF_8);
        openssl.sign(first, input);
        // SigningKeys re-reads the same file into a new, equal object every 30 s.
        SigningKey reread =
                new SigningKey(first.kid(), first.alg(), copy((RSAPrivateKey) first.privateKey()), first.publicKey());
        assertThat(openssl.sign(reread, input)).isEqualTo(jdk.sign(first, input));

        SigningKey replaced = TestKeys.generate(first.kid());
        byte[] signature = openssl.sign(replaced, input);

        Signature verifier = Signature.getInstance("SHA256withRSA");
        verifier.initVerify(replaced.publicKey());
        verifier.update(input);
        assertThat(verifier.verify(signature)).isTrue();
    }

    @Test
    void signWhenClosedThenRefused() throws Exception {
        SigningKey key = TestKeys.generate("2026-01-01-a");
        openssl.sign(key, new byte[] {1});

        openssl.close();

        assertThatThrownBy(() -> openssl.sign(key, new byte[] {1}))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("closed");
    }

    @Test
    void loadKeyWhenNotPkcs8RsaThenNoHandle() throws Exception {
        KeyPairGenerator ec = KeyPairGenerator.getInstance("EC");
        ec.initialize(256);

        assertThat(OpenSsl.loadKey(new byte[] {0x30, 0x03, 0x02, 0x01, 0x00})).isZero();
        assertThat(OpenSsl.loadKey(new byte[0])).isZero();
        assertThat(OpenSsl.loadKey(ec.generateKeyPair().getPrivate().getEncoded()))
                .isZero();
    }

    @Test
    void versionWhenLoadedThenOpenSsl3() {
        assertThat(openssl.version()).startsWith("OpenSSL 3.");
    }

    private static SigningKey generate(String kid, int bits) throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(bits);
        KeyPair pair = generator.generateKeyPair();
        return new SigningKey(kid, JwsAlgorithm.RS256, pair.getPrivate(), pair.getPublic());
    }

    private static RSAPrivateKey copy(RSAPrivateKey key) throws Exception {
        return (RSAPrivateKey) java.security.KeyFactory.getInstance("RSA")
                .generatePrivate(new java.security.spec.PKCS8EncodedKeySpec(key.getEncoded()));
    }
}
