package dev.pressroom.auth.support;

import dev.pressroom.auth.client.Client;
import dev.pressroom.auth.keys.JwsAlgorithm;
import dev.pressroom.auth.request.ClientMetadata;
import dev.pressroom.auth.request.OAuthParams;
import java.time.Instant;
import java.util.List;

/**
 * {@link Client} records for plain unit tests, built from defaults so a test names only what it is about (Spring AS
 * {@code TestRegisteredClients}): a confidential first-party client, unverified, with one redirect URI.
 */
public final class TestRegisteredClients {

    private TestRegisteredClients() {}

    /** A confidential first-party client registered for {@code scopes}, to adjust and {@link Builder#build}. */
    public static Builder client(String id, String... scopes) {
        return new Builder(id, List.of(scopes));
    }

    public static final class Builder {
        private final String id;
        private final List<String> scopes;
        private List<String> redirectUris = List.of(TestClients.REDIRECT);
        private String secretHash = "secret-hash";
        private String authMethod = OAuthParams.CLIENT_SECRET_BASIC;
        private ClientMetadata.Links links = ClientMetadata.Links.NONE;
        private Client.Kind kind = Client.Kind.FIRST_PARTY;
        private String verifiedBy;
        private String createdBy = "admin";
        private boolean requirePushedAuthorizationRequests;

        private Builder(String id, List<String> scopes) {
            this.id = id;
            this.scopes = scopes;
        }

        public Builder redirectUris(String... values) {
            this.redirectUris = List.of(values);
            return this;
        }

        /** Auth method none and no secret: a native app. */
        public Builder publicClient() {
            this.secretHash = null;
            this.authMethod = OAuthParams.AUTH_METHOD_NONE;
            return this;
        }

        /** Registered by an instance (RFC 7591), not by staff. */
        public Builder dynamic() {
            this.kind = Client.Kind.DYNAMIC;
            this.createdBy = "registration";
            return this;
        }

        public Builder verifiedBy(String staff) {
            this.verifiedBy = staff;
            return this;
        }

        public Builder links(ClientMetadata.Links value) {
            this.links = value;
            return this;
        }

        public Builder requirePushedAuthorizationRequests(boolean value) {
            this.requirePushedAuthorizationRequests = value;
            return this;
        }

        public Client build() {
            return new Client(
                    id,
                    secretHash,
                    "App " + id,
                    redirectUris,
                    List.of(),
                    scopes,
                    links,
                    authMethod,
                    kind,
                    verifiedBy != null,
                    verifiedBy,
                    verifiedBy == null ? null : Instant.EPOCH,
                    createdBy,
                    Instant.EPOCH,
                    requirePushedAuthorizationRequests,
                    null,
                    null,
                    JwsAlgorithm.RS256,
                    false,
                    null,
                    false);
        }
    }
}
