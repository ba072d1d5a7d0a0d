package dev.pressroom.auth.password;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PasswordHasherTest {

    /** Bouncy Castle, counting the hashes it is asked for. */
    private final AtomicInteger hashes = new AtomicInteger();

    private final PasswordHasher hasher = new PasswordHasher(new Argon2id() {
        private final Argon2id bouncyCastle = new BouncyCastleArgon2id();

        @Override
        public byte[] hash(
                byte[] password,
                byte[] salt,
                byte[] key,
                byte[] ad,
                int memoryKib,
                int passes,
                int lanes,
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

    /**
     * A stored hash made elsewhere (Bouncy Castle, directly) with other parameters than today's in every place: memory,
     * passes, lanes, salt and tag lengths. It verifies with exactly those: the same salt and tag under today's
     * parameters do not.
     */
    @Test
    void verifyWhenOtherParametersThenStillVerifies() {
        byte[] salt = "fifteen-bytes!!".getBytes(StandardCharsets.US_ASCII);
        byte[] tag = new BouncyCastleArgon2id()
                .hash("pw".getBytes(StandardCharsets.UTF_8), salt, new byte[0], new byte[0], 19456, 2, 2, 64);
        Base64.Encoder phc = Base64.getEncoder().withoutPadding();
        String stored = "$argon2id$v=19$m=19456,t=2,p=2$" + phc.encodeToString(salt) + "$" + phc.encodeToString(tag);

        assertThat(hasher.verify("pw", stored)).isTrue();
        assertThat(hasher.verify("pv", stored)).isFalse();
        assertThat(hasher.verify("pw", stored.replace("m=19456,t=2,p=2", "m=7168,t=5,p=1")))
                .as("the same salt and tag under today's parameters")
                .isFalse();
        assertThat(hasher.verify("pw", stored.replace("p=2", "p=1")))
                .as("the same salt and tag with one lane")
                .isFalse();
        assertThat(PasswordHasher.needsRehash(stored)).isTrue();
    }

    @Test
    void verifyWhenStoredHashAsksFor16GibThenRefusedAtOnceWithoutHashing() {
        // The case: m=16777216 KiB (16 GiB) in the database must not be honoured.
        String planted = hasher.hash("pw").replace("m=7168,", "m=16777216,");
        int before = hashes.get();
        long start = System.nanoTime();

        assertThat(hasher.verify("pw", planted)).isFalse();

        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(100));
        assertThat(hashes.get()).as("hashes computed").isEqualTo(before);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "m=65537,t=1,p=1",
                "m=7168,t=11,p=1",
                "m=7168,t=5,p=9",
                "m=7168,t=0,p=1",
                "m=7168,t=5,p=0",
                "m=15,t=1,p=2",
                "m=99999999999,t=1,p=1"
            })
    void verifyWhenStoredParametersOutsideTheCeilingThenRefusedWithoutHashing(String parameters) {
        String planted = hasher.hash("pw").replace("m=7168,t=5,p=1", parameters);
        int before = hashes.get();

        assertThat(hasher.verify("pw", planted)).isFalse();
        assertThat(hashes.get()).isEqualTo(before);
    }

    @Test
    void verifyWhenStoredHashAtTheCeilingThenStillVerifies() {
        String atCeiling = hasher.hash("pw", PasswordHasher.MAX_MEMORY_KIB, 1);

        assertThat(hasher.verify("pw", atCeiling)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "$bcrypt$whatever",
                "",
                "$argon2i$v=19$m=7168,t=5,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2g",
                "$argon2id$v=16$m=7168,t=5,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2g",
                "$argon2id$v=19$m=7168,t=5,p=1$c2FsdHNhbHRzYWx0c$aGFzaGhhc2hoYXNoaGFzaGhhc2g",
                "$argon2id$v=19$m=7168,t=5,p=1$c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2g",
                "$argon2id$v=19$m=7168,t=5,p=1$c2FsdHNhbHRzYWx0$aGFzaA",
                "$argon2id$v=19$m=7168,t=5,p=1,x=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2g"
            })
    void verifyWhenStoredHashIsNotOursThenFalseWithoutHashing(String stored) {
        int before = hashes.get();

        assertThat(hasher.verify("pw", stored)).isFalse();
        assertThat(hashes.get()).isEqualTo(before);
    }

    @Test
    void needsRehashWhenOtherParametersThenTrueElseFalse() {
        assertThat(PasswordHasher.needsRehash(hasher.hash("pw", 19456, 2))).isTrue();
        assertThat(PasswordHasher.needsRehash(hasher.hash("pw"))).isFalse();
    }
}
