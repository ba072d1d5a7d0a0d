package dev.pressroom.auth.flow;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jwt.JWT;
import com.nimbusds.oauth2.sdk.AuthorizationCode;
import com.nimbusds.oauth2.sdk.AuthorizationCodeGrant;
import com.nimbusds.oauth2.sdk.AuthorizationResponse;
import com.nimbusds.oauth2.sdk.AuthorizationSuccessResponse;
import com.nimbusds.oauth2.sdk.RefreshTokenGrant;
import com.nimbusds.oauth2.sdk.ResponseType;
import com.nimbusds.oauth2.sdk.Scope;
import com.nimbusds.oauth2.sdk.TokenRequest;
import com.nimbusds.oauth2.sdk.TokenResponse;
import com.nimbusds.oauth2.sdk.auth.ClientSecretBasic;
import com.nimbusds.oauth2.sdk.auth.Secret;
import com.nimbusds.oauth2.sdk.client.ClientDeleteRequest;
import com.nimbusds.oauth2.sdk.client.ClientReadRequest;
import com.nimbusds.oauth2.sdk.client.ClientRegistrationResponse;
import com.nimbusds.oauth2.sdk.http.HTTPResponse;
import com.nimbusds.oauth2.sdk.id.ClientID;
import com.nimbusds.oauth2.sdk.id.Issuer;
import com.nimbusds.oauth2.sdk.id.State;
import com.nimbusds.oauth2.sdk.pkce.CodeChallengeMethod;
import com.nimbusds.oauth2.sdk.pkce.CodeVerifier;
import com.nimbusds.oauth2.sdk.token.BearerAccessToken;
import com.nimbusds.oauth2.sdk.token.RefreshToken;
import com.nimbusds.openid.connect.sdk.AuthenticationRequest;
import com.nimbusds.openid.connect.sdk.Nonce;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponse;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponseParser;
import com.nimbusds.openid.connect.sdk.UserInfoRequest;
import com.nimbusds.openid.connect.sdk.UserInfoResponse;
import com.nimbusds.openid.connect.sdk.UserInfoSuccessResponse;
import com.nimbusds.openid.connect.sdk.claims.IDTokenClaimsSet;
import com.nimbusds.openid.connect.sdk.op.OIDCProviderMetadata;
import com.nimbusds.openid.connect.sdk.rp.OIDCClientInformation;
import com.nimbusds.openid.connect.sdk.rp.OIDCClientInformationResponse;
import com.nimbusds.openid.connect.sdk.rp.OIDCClientMetadata;
import com.nimbusds.openid.connect.sdk.rp.OIDCClientRegistrationRequest;
import com.nimbusds.openid.connect.sdk.rp.OIDCClientRegistrationResponseParser;
import com.nimbusds.openid.connect.sdk.validators.AccessTokenValidator;
import com.nimbusds.openid.connect.sdk.validators.IDTokenValidator;
import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.IssuerOnTestPortProfile;
import dev.pressroom.auth.support.TestClients;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** An independent OIDC client library (Nimbus OAuth 2.0 SDK) drives the provider using discovery only. */
@QuarkusTest
@TestProfile(IssuerOnTestPortProfile.class)
class OidcClientLibraryResourceTest {

    @Test
    void nimbusClientWhenCodeFlowWithPkceThenIdTokenValidAndRefreshWorks() throws Exception {
        TestClients app = TestClients.create();
        Issuer issuer = new Issuer(IssuerOnTestPortProfile.issuer());
        OIDCProviderMetadata provider = OIDCProviderMetadata.resolve(issuer);
        assertThat(provider.getIssuer()).isEqualTo(issuer);
        assertThat(provider.getCodeChallengeMethods()).containsExactly(CodeChallengeMethod.S256);
        assertThat(provider.supportsAuthorizationResponseIssuerParam()).isTrue();

        ClientID clientId = new ClientID(app.clientId);
        CodeVerifier verifier = new CodeVerifier();
        State state = new State();
        Nonce nonce = new Nonce();
        URI redirect = URI.create(TestClients.REDIRECT);
        AuthenticationRequest request = new AuthenticationRequest.Builder(
                        ResponseType.CODE,
                        new Scope("openid", "profile", "email", "offline_access"),
                        clientId,
                        redirect)
                .endpointURI(provider.getAuthorizationEndpointURI())
                .state(state)
                .nonce(nonce)
                .codeChallenge(verifier, CodeChallengeMethod.S256)
                .build();

        Browser browser = new Browser();
        Response page = browser.getUrl(request.toURI().toString());
        Response consent = browser.post(
                "/signin",
                Map.of(
                        "request",
                        Browser.hidden(page, "request"),
                        "csrf",
                        Browser.hidden(page, "csrf"),
                        "email",
                        app.email,
                        "password",
                        TestClients.PASSWORD));
        Response back = browser.post(
                "/consent",
                Map.of(
                        "request",
                        Browser.hidden(consent, "request"),
                        "csrf",
                        Browser.hidden(consent, "csrf"),
                        "decision",
                        "allow"));
        AuthorizationSuccessResponse success =
                AuthorizationResponse.parse(URI.create(back.header("Location"))).toSuccessResponse();
        assertThat(success.getState()).isEqualTo(state);
        assertThat(success.getIssuer()).isEqualTo(issuer);
        AuthorizationCode code = success.getAuthorizationCode();

        ClientSecretBasic auth = new ClientSecretBasic(clientId, new Secret(app.secret));
        TokenResponse tokenResponse = OIDCTokenResponseParser.parse(new TokenRequest.Builder(
                        provider.getTokenEndpointURI(), auth, new AuthorizationCodeGrant(code, redirect, verifier))
                .build()
                .toHTTPRequest()
                .send());
        assertThat(tokenResponse.indicatesSuccess())
                .as(String.valueOf(tokenResponse))
                .isTrue();
        OIDCTokenResponse tokens = (OIDCTokenResponse) tokenResponse.toSuccessResponse();

        IDTokenValidator validator = new IDTokenValidator(
                issuer, clientId, JWSAlgorithm.RS256, provider.getJWKSetURI().toURL());
        JWT idToken = tokens.getOIDCTokens().getIDToken();
        IDTokenClaimsSet claims = validator.validate(idToken, nonce);
        assertThat(claims.getSubject().getValue()).isEqualTo(app.accountId);
        assertThat(claims.getAMR()).extracting(Object::toString).containsExactly("pwd");
        AccessTokenValidator.validate(
                tokens.getOIDCTokens().getAccessToken(), JWSAlgorithm.RS256, claims.getAccessTokenHash());
        assertThat(claims.getStringClaim("email")).isEqualTo(app.email);

        UserInfoResponse userInfo = UserInfoResponse.parse(new UserInfoRequest(
                        provider.getUserInfoEndpointURI(),
                        tokens.getOIDCTokens().getBearerAccessToken())
                .toHTTPRequest()
                .send());
        UserInfoSuccessResponse info = userInfo.toSuccessResponse();
        assertThat(info.getUserInfo().getSubject().getValue()).isEqualTo(app.accountId);
        assertThat(info.getUserInfo().getEmailAddress()).isEqualTo(app.email);

        RefreshToken refreshToken = tokens.getOIDCTokens().getRefreshToken();
        TokenResponse refreshed = OIDCTokenResponseParser.parse(
                new TokenRequest.Builder(provider.getTokenEndpointURI(), auth, new RefreshTokenGrant(refreshToken))
                        .build()
                        .toHTTPRequest()
                        .send());
        assertThat(refreshed.indicatesSuccess()).as(String.valueOf(refreshed)).isTrue();
        OIDCTokenResponse second = (OIDCTokenResponse) refreshed.toSuccessResponse();
        assertThat(second.getOIDCTokens().getRefreshToken()).isNotEqualTo(refreshToken);
        IDTokenClaimsSet refreshedClaims =
                validator.validate(second.getOIDCTokens().getIDToken(), null);
        assertThat(refreshedClaims.getSubject()).isEqualTo(claims.getSubject());
        assertThat(refreshedClaims.getAuthenticationTime()).isEqualTo(claims.getAuthenticationTime());

        assertThat(OIDCTokenResponseParser.parse(new TokenRequest.Builder(
                                        provider.getTokenEndpointURI(),
                                        auth,
                                        new RefreshTokenGrant(
                                                second.getOIDCTokens().getRefreshToken()))
                                .build()
                                .toHTTPRequest()
                                .send())
                        .indicatesSuccess())
                .isTrue();
        TokenResponse reused = OIDCTokenResponseParser.parse(
                new TokenRequest.Builder(provider.getTokenEndpointURI(), auth, new RefreshTokenGrant(refreshToken))
                        .build()
                        .toHTTPRequest()
                        .send());
        assertThat(reused.indicatesSuccess()).isFalse();
        assertThat(reused.toErrorResponse().getErrorObject().getCode()).isEqualTo("invalid_grant");
        assertThat(List.of(provider.getScopes().toStringList().toArray())).contains("licenses:read");
    }

    /**
     * What a self-hosted instance's standard registration code does (OIDC Dynamic Client Registration has no scope
     * member): register without a scope and get the standard ones, then deregister itself (RFC 7592).
     */
    @Test
    void nimbusClientWhenRegistersWithoutScopeThenStandardScopesAndItDeletesItself() throws Exception {
        OIDCProviderMetadata provider = OIDCProviderMetadata.resolve(new Issuer(IssuerOnTestPortProfile.issuer()));
        OIDCClientMetadata metadata = new OIDCClientMetadata();
        metadata.setName("Nimbus blog");
        metadata.setRedirectionURI(URI.create(TestClients.REDIRECT));
        metadata.setLogoURI(URI.create("https://blog.example.org/logo.png"));
        ClientRegistrationResponse registration =
                OIDCClientRegistrationResponseParser.parse(new OIDCClientRegistrationRequest(
                                provider.getRegistrationEndpointURI(),
                                metadata,
                                new BearerAccessToken(Admin.initialAccessToken()))
                        .toHTTPRequest()
                        .send());
        assertThat(registration.indicatesSuccess())
                .as(String.valueOf(registration))
                .isTrue();
        OIDCClientInformation client = ((OIDCClientInformationResponse) registration).getOIDCClientInformation();
        assertThat(client.getOIDCMetadata().getScope())
                .isEqualTo(new Scope("openid", "profile", "email", "offline_access"));
        assertThat(client.getOIDCMetadata().getLogoURI()).isEqualTo(metadata.getLogoURI());

        HTTPResponse deleted = new ClientDeleteRequest(client.getRegistrationURI(), client.getRegistrationAccessToken())
                .toHTTPRequest()
                .send();
        assertThat(deleted.getStatusCode()).isEqualTo(204);
        assertThat(new ClientReadRequest(client.getRegistrationURI(), client.getRegistrationAccessToken())
                        .toHTTPRequest()
                        .send()
                        .getStatusCode())
                .isEqualTo(401);
    }
}
