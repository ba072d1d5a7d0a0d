package dev.pressroom.content.proxy;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** The kernel's default reaches content-service: no peer's X-Forwarded-For is believed unless TRUSTED_PROXIES says. */
@QuarkusTest
class ProxyTrustResourceTest {

    @Test
    void requestWhenForwardedForFromLoopbackAndNoTrustedProxiesThenPeerAddressCounts() {
        String address = given().header("X-Forwarded-For", "203.0.113.7")
                .get(ClientAddressEcho.PATH)
                .then()
                .statusCode(200)
                .extract()
                .asString();

        assertThat(address).isEqualTo("127.0.0.1");
    }
}
