package dev.pressroom.auth.passkey;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pressroom.auth.support.TestAuthenticator;
import dev.pressroom.kernel.id.Tokens;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class PasskeyVerifierTest {

    private static final String RP_ID = "localhost";
    private static final String ORIGIN = "http://localhost:8083";

    private final PasskeyVerifier verifier = new PasskeyVerifier(RP_ID, ORIGIN);
    private final UUID account = UUID.randomUUID();

    @Test
    void registerWhenAuthenticatorVerifiedPersonThenCredentialWithItsId() throws PasskeyRefused {
        TestAuthenticator authenticator = new TestAuthenticator(RP_ID, ORIGIN);
        String challenge = Tokens.random(32);

        PasskeyVerifier.Registration registration =
                verifier.readRegistration(authenticator.register(creation(challenge)));
        PasskeyVerifier.NewCredential credential = verifier.register(registration, decode(challenge));

        assertThat(PasskeyVerifier.base64Url(credential.credentialId())).isEqualTo(authenticator.credentialId());
        assertThat(credential.transports()).isEqualTo("internal");
        assertThat(credential.signCount()).isZero();
    }

    @Test
    void registerWhenNoUserVerificationThenRefused() throws PasskeyRefused {
        String challenge = Tokens.random(32);
        String response =
                new TestAuthenticator(RP_ID, ORIGIN).userVerified(false).register(creation(challenge));

        assertThatThrownBy(() -> verifier.register(verifier.readRegistration(response), decode(challenge)))
                .isInstanceOfSatisfying(
                        PasskeyRefused.class,
                        e -> assertThat(e.reason()).isEqualTo(PasskeyRefused.Reason.USER_NOT_VERIFIED));
    }

    @Test
    void registerWhenOtherChallengeThenRefused() throws PasskeyRefused {
        String response = new TestAuthenticator(RP_ID, ORIGIN).register(creation(Tokens.random(32)));

        assertThatThrownBy(() -> verifier.register(verifier.readRegistration(response), decode(Tokens.random(32))))
                .isInstanceOfSatisfying(
                        PasskeyRefused.class,
                        e -> assertThat(e.reason()).isEqualTo(PasskeyRefused.Reason.NOT_VERIFIED));
    }

    @Test
    void authenticateWhenCounterRisesThenNewCounter() throws PasskeyRefused {
        TestAuthenticator authenticator = new TestAuthenticator(RP_ID, ORIGIN);
        Passkey stored = registered(authenticator);
        String challenge = Tokens.random(32);

        long next = verifier.authenticate(
                verifier.readAssertion(authenticator.counter(41).authenticate(request(challenge))),
                decode(challenge),
                stored(stored, 41));

        assertThat(next).isEqualTo(42);
    }

    @Test
    void authenticateWhenCounterStandsStillThenClonedAuthenticator() throws PasskeyRefused {
        TestAuthenticator authenticator = new TestAuthenticator(RP_ID, ORIGIN);
        Passkey stored = stored(registered(authenticator), 42);
        String challenge = Tokens.random(32);
        // The clone reports 42 again: the original already signed with 42.
        String response = authenticator.counter(41).authenticate(request(challenge));

        assertRefused(response, challenge, stored, PasskeyRefused.Reason.CLONED_AUTHENTICATOR);
    }

    @Test
    void authenticateWhenWrongOriginThenNotVerified() throws PasskeyRefused {
        TestAuthenticator authenticator = new TestAuthenticator(RP_ID, ORIGIN);
        Passkey stored = registered(authenticator);
        String challenge = Tokens.random(32);
        String response = authenticator.origin("https://evil.example").authenticate(request(challenge));

        assertRefused(response, challenge, stored, PasskeyRefused.Reason.NOT_VERIFIED);
    }

    @Test
    void authenticateWhenOtherRpIdThenNotVerified() throws PasskeyRefused {
        TestAuthenticator authenticator = new TestAuthenticator(RP_ID, ORIGIN);
        Passkey stored = registered(authenticator);
        String challenge = Tokens.random(32);
        String response = authenticator.rpId("evil.example").authenticate(request(challenge));

        assertRefused(response, challenge, stored, PasskeyRefused.Reason.NOT_VERIFIED);
    }

    @Test
    void authenticateWhenUserNotVerifiedThenRefused() throws PasskeyRefused {
        TestAuthenticator authenticator = new TestAuthenticator(RP_ID, ORIGIN);
        Passkey stored = registered(authenticator);
        String challenge = Tokens.random(32);
        String response = authenticator.userVerified(false).authenticate(request(challenge));

        assertRefused(response, challenge, stored, PasskeyRefused.Reason.USER_NOT_VERIFIED);
    }

    @Test
    void authenticateWhenUserHandleOfAnotherAccountThenRefused() throws PasskeyRefused {
        TestAuthenticator authenticator = new TestAuthenticator(RP_ID, ORIGIN);
        Passkey stored = registered(authenticator);
        String challenge = Tokens.random(32);
        String response = authenticator
                .userHandle(PasskeyVerifier.userHandle(UUID.randomUUID()))
                .authenticate(request(challenge));

        assertRefused(response, challenge, stored, PasskeyRefused.Reason.OTHER_ACCOUNT);
    }

    @Test
    void authenticateWhenSignedByAnotherKeyThenNotVerified() throws PasskeyRefused {
        TestAuthenticator authenticator = new TestAuthenticator(RP_ID, ORIGIN);
        Passkey stored = registered(authenticator);
        Passkey otherKey = registered(new TestAuthenticator(RP_ID, ORIGIN));
        Passkey forged = new Passkey(
                stored.id(),
                stored.accountId(),
                stored.credentialId(),
                otherKey.attestedCredentialData(),
                0,
                "x",
                "",
                false,
                false,
                Instant.EPOCH,
                null);
        String challenge = Tokens.random(32);

        assertRefused(
                authenticator.authenticate(request(challenge)), challenge, forged, PasskeyRefused.Reason.NOT_VERIFIED);
    }

    @Test
    void readWhenNotWebAuthnThenMalformed() {
        assertThatThrownBy(() -> verifier.readAssertion("{\"id\":1}"))
                .isInstanceOfSatisfying(
                        PasskeyRefused.class, e -> assertThat(e.reason()).isEqualTo(PasskeyRefused.Reason.MALFORMED));
        assertThatThrownBy(() -> verifier.readRegistration("not json"))
                .isInstanceOfSatisfying(
                        PasskeyRefused.class, e -> assertThat(e.reason()).isEqualTo(PasskeyRefused.Reason.MALFORMED));
    }

    @Test
    void settingsWhenIssuerIsAnIpAddressThenLocalhost() {
        assertThat(PasskeySettings.rpId("http://127.0.0.1:8083", null)).isEqualTo("localhost");
        assertThat(PasskeySettings.rpId("http://[::1]:8083", "")).isEqualTo("localhost");
        assertThat(PasskeySettings.rpId("https://account.example.org", null)).isEqualTo("account.example.org");
        assertThat(PasskeySettings.rpId("https://account.example.org", "example.org"))
                .isEqualTo("example.org");
        assertThat(PasskeySettings.origin("http://127.0.0.1:8083", "localhost", null))
                .isEqualTo("http://localhost:8083");
        assertThat(PasskeySettings.origin("https://account.example.org", "account.example.org", null))
                .isEqualTo("https://account.example.org");
    }

    private void assertRefused(String response, String challenge, Passkey stored, PasskeyRefused.Reason reason) {
        assertThatThrownBy(() -> verifier.authenticate(verifier.readAssertion(response), decode(challenge), stored))
                .isInstanceOfSatisfying(
                        PasskeyRefused.class, e -> assertThat(e.reason()).isEqualTo(reason));
    }

    private Passkey registered(TestAuthenticator authenticator) throws PasskeyRefused {
        String challenge = Tokens.random(32);
        PasskeyVerifier.NewCredential c = verifier.register(
                verifier.readRegistration(authenticator.register(creation(challenge))), decode(challenge));
        return new Passkey(
                UUID.randomUUID(),
                account,
                c.credentialId(),
                c.attestedCredentialData(),
                c.signCount(),
                "Laptop",
                c.transports(),
                c.backupEligible(),
                c.backedUp(),
                Instant.EPOCH,
                null);
    }

    private static Passkey stored(Passkey p, long counter) {
        return new Passkey(
                p.id(),
                p.accountId(),
                p.credentialId(),
                p.attestedCredentialData(),
                counter,
                p.name(),
                p.transports(),
                p.backupEligible(),
                p.backedUp(),
                p.createdAt(),
                p.lastUsedAt());
    }

    private Map<String, Object> creation(String challenge) {
        return Map.of(
                "challenge",
                challenge,
                "user",
                Map.of("id", PasskeyVerifier.base64Url(PasskeyVerifier.userHandle(account))));
    }

    private static Map<String, Object> request(String challenge) {
        return Map.of("challenge", challenge);
    }

    private static byte[] decode(String challenge) {
        return Base64.getUrlDecoder().decode(challenge);
    }
}
