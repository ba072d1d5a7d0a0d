package dev.pressroom.auth.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.auth.request.ClientMetadata;
import dev.pressroom.auth.support.TestRegisteredClients;
import org.junit.jupiter.api.Test;

class ClientTest {

    private static final ClientMetadata.Links LINKS = new ClientMetadata.Links(
            "https://blog.example.org/logo.png",
            "https://blog.example.org/",
            "https://blog.example.org/privacy",
            "https://blog.example.org/terms");

    @Test
    void linksShownOnConsentWhenVerifiedThenTheClientsOwn() {
        assertThat(withLinks(true).linksShownOnConsent()).isEqualTo(LINKS);
    }

    @Test
    void linksShownOnConsentWhenUnverifiedThenNone() {
        assertThat(withLinks(false).linksShownOnConsent()).isEqualTo(ClientMetadata.Links.NONE);
    }

    private static Client withLinks(boolean verified) {
        return TestRegisteredClients.client("blog", "openid")
                .dynamic()
                .links(LINKS)
                .verifiedBy(verified ? "staff@example.org" : null)
                .build();
    }
}
