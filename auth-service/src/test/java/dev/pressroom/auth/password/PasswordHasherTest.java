package dev.pressroom.auth.password;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class PasswordHasherTest {

    /** Bouncy Castle, counting the hashes it is asked for. */
    private final AtomicInteger hashes = new AtomicInteger();
    private final PasswordHasher hasher = new PasswordHasher(new Argon2id() {
        private final Argon2id bouncyCastle = new BouncyCastleArgon2id();

        @Override
        public byte[] hash(byte[] password, byte[] salt, byte[] key, byte[] ad, int memoryKib, int passes, int lanes,
                int tagLength) {
            hashes.incrementAndGet();
            return bouncyCastle.hash(password, salt, key, ad, memoryKib, passes, lanes, tagLength);
        }

        @Override
        public String description() {
            return "counting";
        }
    });

    @Test
    void hashWhenCreatedThenArgon2idPhcAtOwaspMinimum() {
        String hash = hasher.hash("correct horse");
        assertThat(hash).startsWith("$argon2id$v=19$m=7168,t=5,p=1$");
        assertThat(hasher.hash("correct horse")).isNotEqualTo(hash);
    }

    @Test
    void verifyWhenRightOrWrongPasswordThenTrueOrFalse() {
        String hash = hasher.hash("correct horse");
        assertThat(hasher.verify("correct horse", hash)).isTrue();
        assertThat(hasher.verify("correct horsf", hash)).isFalse();
    }

    @Test
    void verifyWhenNoAccountThenFalseAfterHashingAnyway() {
        int before = hashes.get();

        assertThat(hasher.verify("anything", null)).isFalse();
        assertThat(hashes.get()).isEqualTo(before + 1);
    }

    @Test
    void verifyWhenMadeWithOwaspsOtherSettingThenVerifies() {
        String previous = hasher.hash("pw", 19456, 2);
        assertThat(previous).startsWith("$argon2id$v=19$m=19456,t=2,p=1$");
        assertThat(hasher.verify("pw", previous)).isTrue();
        assertThat(hasher.verify("pv", previous)).isFalse();
    }

    @Test
    void needsRehashWhenOtherParametersThenTrueElseFalse() {
        assertThat(PasswordHasher.needsRehash(hasher.hash("pw", 19456, 2))).isTrue();
        assertThat(PasswordHasher.needsRehash(hasher.hash("pw"))).isFalse();
    }
}
