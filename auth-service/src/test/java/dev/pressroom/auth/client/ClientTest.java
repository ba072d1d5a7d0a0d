package dev.pressroom.auth.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.auth.request.ClientMetadata;
import dev.pressroom.auth.support.TestGrants;
import java.time.Instant;
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
        Client c = TestGrants.client("blog", "openid");
        return new Client(
                c.id(),
                c.secretHash(),
                c.name(),
                c.redirectUris(),
                c.postLogoutRedirectUris(),
                c.scopes(),
                LINKS,
                c.authMethod(),
                Client.Kind.DYNAMIC,
                verified,
                verified ? "staff@example.org" : null,
                verified ? Instant.EPOCH : null,
                "registration",
                Instant.EPOCH,
                c.requirePushedAuthorizationRequests(),
                null,
                null,
                c.idTokenSignedResponseAlg(),
                false);
    }
}
