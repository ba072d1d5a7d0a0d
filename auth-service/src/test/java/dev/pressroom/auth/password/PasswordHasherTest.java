package dev.pressroom.auth.password;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PasswordHasherTest {

    private final PasswordHasher hasher = new PasswordHasher(new JavaMemoryFill());

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
        assertThat(hasher.verify("anything", null)).isFalse();
    }

    @Test
    void verifyWhenOtherParametersThenStillVerifies() {
        // A hash made with raised parameters must verify after the defaults change.
        String hash = hasher.hash("pw");
        assertThat(hasher.verify("pw", hash.replace("$argon2id$v=19$m=19456,t=2,p=1$", "$argon2id$v=19$m=19456,t=2,p=1$")))
                .isTrue();
        assertThat(hasher.verify("pw", "$bcrypt$whatever")).isFalse();
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
