package dev.pressroom.auth.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pressroom.auth.validate.Scopes;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The claims request parameter (OIDC Core §5.5) read, or refused as invalid_request. */
class ClaimsParameterTest {

    @Test
    void parseWhenBothMembersThenKnownClaimsOfEachKept() {
        ClaimsParameter claims = ClaimsParameter.parse("""
                {"id_token":{"email":null,"auth_time":{"essential":true},"licenses":null},
                 "userinfo":{"name":{"essential":true},"licenses":null,"picture":{"essential":false}}}""");

        assertThat(claims.requested().idToken())
                .as("licenses go to user info only")
                .containsExactly("email");
        assertThat(claims.requested().userInfo()).containsExactly("name", "licenses", "picture");
        assertThat(claims.requested().scopes()).containsExactly(Scopes.EMAIL, Scopes.PROFILE, Scopes.LICENSES_READ);
        assertThat(claims.essentialAcr()).isNull();
        assertThat(claims.subject()).isNull();
    }

    @Test
    void parseWhenUnknownClaimsAndExtensionsThenIgnored() {
        ClaimsParameter claims = ClaimsParameter.parse("""
                {"userinfo":{"shoe_size":null,"https://example.org/claim":{"essential":true},
                 "email":{"purpose":"to write to you","value":42}},
                 "verified_claims":{"anything":true}}""");

        assertThat(claims.requested().userInfo()).containsExactly("email");
        assertThat(claims.requested().idToken()).isEmpty();
    }

    @Test
    void parseWhenAcrEssentialWithValueOrValuesThenTheyAreRequired() {
        assertThat(ClaimsParameter.parse("{\"id_token\":{\"acr\":{\"essential\":true,\"value\":\"phr\"}}}")
                        .essentialAcr())
                .containsExactly("phr");
        assertThat(ClaimsParameter.parse(
                                "{\"id_token\":{\"acr\":{\"essential\":true,\"values\":[\"urn:gold\",\"phr\"]}}}")
                        .essentialAcr())
                .containsExactly("urn:gold", "phr");
    }

    @Test
    void parseWhenAcrVoluntaryOrWithoutValuesOrForUserInfoThenNoRequirement() {
        assertThat(ClaimsParameter.parse("{\"id_token\":{\"acr\":{\"values\":[\"phr\"]}}}")
                        .essentialAcr())
                .isNull();
        assertThat(ClaimsParameter.parse("{\"id_token\":{\"acr\":{\"essential\":true}}}")
                        .essentialAcr())
                .isNull();
        assertThat(ClaimsParameter.parse("{\"id_token\":{\"acr\":null}}").essentialAcr())
                .isNull();
        assertThat(ClaimsParameter.parse("{\"userinfo\":{\"acr\":{\"essential\":true,\"value\":\"phr\"}}}")
                        .essentialAcr())
                .isNull();
    }

    @Test
    void parseWhenSubWithValueThenSubjectRequired() {
        assertThat(ClaimsParameter.parse("{\"id_token\":{\"sub\":{\"value\":\"248289761001\"}}}")
                        .subject())
                .isEqualTo("248289761001");
        assertThat(ClaimsParameter.parse("{\"id_token\":{\"sub\":null}}").subject())
                .isNull();
    }

    @Test
    void parseWhenAbsentThenNone() {
        assertThat(ClaimsParameter.parse(null)).isEqualTo(ClaimsParameter.NONE);
        assertThat(ClaimsParameter.parse("")).isEqualTo(ClaimsParameter.NONE);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"userinfo\":{\"name\":null}",
                "not json",
                "{\"userinfo\":{}} {}",
                "[]",
                "\"claims\"",
                "{}",
                "{\"other\":{}}",
                "{\"userinfo\":[]}",
                "{\"id_token\":\"email\"}",
                "{\"userinfo\":{\"name\":true}}",
                "{\"userinfo\":{\"name\":\"yes\"}}",
                "{\"userinfo\":{\"shoe_size\":1}}",
                "{\"userinfo\":{\"name\":{\"essential\":\"true\"}}}",
                "{\"userinfo\":{\"name\":{\"values\":\"a\"}}}",
                "{\"id_token\":{\"acr\":{\"essential\":true,\"values\":[\"phr\",1]}}}",
                "{\"id_token\":{\"acr\":{\"essential\":true,\"value\":[\"phr\"]}}}",
                "{\"id_token\":{\"sub\":{\"value\":1}}}",
                "{\"userinfo\":{\"name\":null,\"name\":{}}}",
                "{\"userinfo\":{\"name\":{\"a\":{\"b\":{\"c\":{\"d\":{\"e\":{\"f\":{\"g\":{}}}}}}}}}}"
            })
    void parseWhenMalformedOrWrongTypesThenInvalid(String text) {
        assertThatThrownBy(() -> ClaimsParameter.parse(text))
                .isInstanceOf(ClaimsParameter.Invalid.class)
                .satisfies(e -> assertThat(e.getMessage())
                        .as("an error_description: no echo of the request")
                        .matches("[\\x20-\\x21\\x23-\\x5B\\x5D-\\x7E]+")
                        .doesNotContain("shoe_size"));
    }

    @Test
    void restrictedToWhenClientMayNotAskForAScopeThenItsClaimsDropped() {
        RequestedClaims requested =
                new RequestedClaims(List.of("roles", "email"), List.of("roles", "licenses", "name"));
        RequestedClaims allowed = requested.restrictedTo(Set.of(Scopes.OPENID, Scopes.EMAIL, Scopes.PROFILE)::contains);
        assertThat(allowed.idToken()).containsExactly("email");
        assertThat(allowed.userInfo()).containsExactly("name");
    }
}
