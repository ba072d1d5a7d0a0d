package dev.pressroom.auth.admin;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.validation.Validation;
import jakarta.validation.Validator;
import jakarta.validation.ValidatorFactory;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** The admin request records' constraints, checked by a plain Hibernate Validator. */
class AdminRequestsTest {

    private static final ValidatorFactory FACTORY = Validation.buildDefaultValidatorFactory();
    private static final Validator VALIDATOR = FACTORY.getValidator();

    @AfterAll
    static void close() {
        FACTORY.close();
    }

    @Test
    void newAccountWhenWithinTheRulesThenNoViolation() {
        assertThat(problems(new AccountRoutes.NewAccount("a@example.test", "8 chars!", "A", null, null)))
                .isEmpty();
        assertThat(problems(new AccountRoutes.NewAccount(
                        "a@" + "e".repeat(318), "long enough", "A", "https://example.test/a.png", true)))
                .isEmpty();
    }

    @Test
    void newAccountWhenEmailTooLongOrMissingThenEachMemberNamedInOrder() {
        assertThat(problems(new AccountRoutes.NewAccount("a@" + "e".repeat(319), null, " ", null, null)))
                .isEqualTo("email has at most 320 characters; name is required; password is required.");
    }

    @Test
    void licenseWhenMajorVersionZeroThenValidAndNullThenRequired() {
        assertThat(problems(new AccountRoutes.License("blog", "pro", "past_due", 0)))
                .isEmpty();
        assertThat(problems(new AccountRoutes.License(null, "pro", "active", null)))
                .isEqualTo("major_version is required; product is required.");
    }

    @Test
    void accountIdWhenUuidThenValidElseNamed() {
        assertThat(problems(new AccountRoutes.AccountId(UUID.randomUUID().toString())))
                .isEmpty();
        assertThat(problems(new AccountRoutes.AccountId("1-1-1-1-1")))
                .isEqualTo("account_id must be an account id (a UUID).");
    }

    @Test
    void provisionedSecretWhenAbsentThenValid() {
        assertThat(problems(new ClientRoutes.ProvisionedSecret(null))).isEmpty();
        assertThat(problems(new ClientRoutes.ProvisionedSecret("s".repeat(257))))
                .isEqualTo("client_secret must have 32 to 256 characters when provisioned.");
    }

    private static String problems(Object request) {
        var violations = VALIDATOR.validate(request);
        return violations.isEmpty() ? "" : AdminRequests.describe(violations);
    }
}
