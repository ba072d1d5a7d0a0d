package dev.pressroom.auth.account;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.auth.password.PasswordHasher;
import dev.pressroom.auth.support.Admin;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A hash made with older Argon2 parameters is replaced at the next successful sign-in, and only then. */
@QuarkusTest
class PasswordRehashResourceTest {

    @Inject
    AccountService accounts;

    @Inject
    AccountRepository repository;

    @Inject
    PasswordHasher hasher;

    @Test
    void authenticateWhenHashHasOlderParametersThenReplacedWithCurrentOne() {
        String email = storedWithOlderHash("correct horse");

        assertThat(accounts.authenticate(email, "correct horse").await().indefinitely())
                .isNotNull();

        String stored = repository.findByEmail(email).await().indefinitely().passwordHash();
        assertThat(PasswordHasher.needsRehash(stored)).isFalse();
        assertThat(accounts.authenticate(email, "correct horse").await().indefinitely())
                .isNotNull();
    }

    @Test
    void authenticateWhenWrongPasswordThenOlderHashKept() {
        String email = storedWithOlderHash("correct horse");

        assertThat(accounts.authenticate(email, "wrong horse").await().indefinitely())
                .isNull();

        assertThat(repository.findByEmail(email).await().indefinitely().passwordHash())
                .startsWith("$argon2id$v=19$m=19456,t=2,p=1$");
    }

    private String storedWithOlderHash(String password) {
        String email = "rehash-" + UUID.randomUUID() + "@example.test";
        UUID id = UUID.fromString(Admin.createAccount(email, password, "Rehash"));
        String current = repository.findByEmail(email).await().indefinitely().passwordHash();
        repository
                .updatePasswordHash(id, current, hasher.hash(password, 19456, 2))
                .await()
                .indefinitely();
        return email;
    }
}
