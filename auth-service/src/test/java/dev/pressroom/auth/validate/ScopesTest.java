package dev.pressroom.auth.validate;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ScopesTest {

    @ParameterizedTest(name = "[{0}] -> [{1}]")
    @CsvSource(
            delimiter = '|',
            nullValues = "null",
            value = {
                "openid profile email offline_access | openid profile email offline_access",
                "openid profile roles                | openid profile",
                "roles                               | openid",
                "admin write:everything              | openid",
                "email  profile                      | openid profile email",
                "licenses:read openid roles openid   | openid licenses:read",
                "'openid \"quoted\" profile'         | openid profile"
            })
    void registrableWhenAskedForThenKnownScopesButRolesAndAlwaysOpenid(String requested, String granted) {
        assertThat(String.join(" ", Scopes.registrable(requested))).isEqualTo(granted);
    }

    @ParameterizedTest(name = "[{0}]")
    @CsvSource(
            nullValues = "null",
            value = {"null", "''", "'   '"})
    void registrableWhenNoScopeSentThenStandardScopesNeverFirstPartyOnes(String requested) {
        assertThat(Scopes.registrable(requested))
                .containsExactly("openid", "profile", "email", "offline_access")
                .doesNotContain(Scopes.ROLES);
    }
}
