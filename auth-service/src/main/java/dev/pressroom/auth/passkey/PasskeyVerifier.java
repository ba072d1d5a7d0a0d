package dev.pressroom.auth.passkey;

import com.webauthn4j.WebAuthnManager;
import com.webauthn4j.converter.AttestedCredentialDataConverter;
import com.webauthn4j.converter.exception.DataConversionException;
import com.webauthn4j.converter.util.ObjectConverter;
import com.webauthn4j.credential.CredentialRecordImpl;
import com.webauthn4j.data.AuthenticationData;
import com.webauthn4j.data.AuthenticationParameters;
import com.webauthn4j.data.AuthenticatorTransport;
import com.webauthn4j.data.PublicKeyCredentialParameters;
import com.webauthn4j.data.PublicKeyCredentialType;
import com.webauthn4j.data.RegistrationData;
import com.webauthn4j.data.RegistrationParameters;
import com.webauthn4j.data.attestation.authenticator.AttestedCredentialData;
import com.webauthn4j.data.attestation.authenticator.AuthenticatorData;
import com.webauthn4j.data.attestation.statement.COSEAlgorithmIdentifier;
import com.webauthn4j.data.attestation.statement.NoneAttestationStatement;
import com.webauthn4j.data.client.Origin;
import com.webauthn4j.data.client.challenge.DefaultChallenge;
import com.webauthn4j.data.extension.authenticator.AuthenticationExtensionsAuthenticatorOutputs;
import com.webauthn4j.data.extension.client.AuthenticationExtensionsClientOutputs;
import com.webauthn4j.server.ServerProperty;
import com.webauthn4j.verifier.exception.MaliciousCounterValueException;
import com.webauthn4j.verifier.exception.UserNotVerifiedException;
import com.webauthn4j.verifier.exception.VerificationException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * Verifies WebAuthn registration and authentication responses with webauthn4j (W3C WebAuthn Level 3 §7.1, §7.2):
 * origin, RP ID hash, challenge, ceremony type, user presence and user verification (both required), signature, and
 * the signature counter. Attestation is not asked for ("none"): any authenticator may hold a passkey. Plain Java.
 */
public final class PasskeyVerifier {

    /** The algorithms offered at registration, most preferred first: ES256, EdDSA, RS256 (what authenticators use). */
    public static final List<COSEAlgorithmIdentifier> ALGORITHMS =
            List.of(COSEAlgorithmIdentifier.ES256, COSEAlgorithmIdentifier.EdDSA, COSEAlgorithmIdentifier.RS256);

    private final WebAuthnManager webAuthn;
    private final AttestedCredentialDataConverter credentialData;
    private final String rpId;
    private final Origin origin;

    public PasskeyVerifier(String rpId, String origin) {
        ObjectConverter converter = new ObjectConverter();
        this.webAuthn = WebAuthnManager.createNonStrictWebAuthnManager(converter);
        this.credentialData = new AttestedCredentialDataConverter(converter);
        this.rpId = rpId;
        this.origin = new Origin(origin);
    }

    public String rpId() {
        return rpId;
    }

    /** A registration response once read: its challenge tells which ceremony it answers. */
    // Byte strings as webauthn4j reads and writes them; never compared with equals.
    @SuppressWarnings("ArrayRecordComponent")
    public record Registration(RegistrationData data, byte[] challenge) {}

    /** A new passkey's credential as the authenticator created it. */
    // Byte strings as webauthn4j reads and writes them; never compared with equals.
    @SuppressWarnings("ArrayRecordComponent")
    public record NewCredential(
            byte[] credentialId,
            byte[] attestedCredentialData,
            long signCount,
            String transports,
            boolean backupEligible,
            boolean backedUp) {}

    /** An authentication response once read: the credential it names, the user handle and the challenge it signed. */
    // Byte strings as webauthn4j reads and writes them; never compared with equals.
    @SuppressWarnings("ArrayRecordComponent")
    public record Assertion(AuthenticationData data, byte[] credentialId, byte[] userHandle, byte[] challenge) {}

    /** Reads a RegistrationResponseJSON (what the page posts). */
    public Registration readRegistration(String json) throws PasskeyRefused {
        try {
            RegistrationData data = webAuthn.parseRegistrationResponseJSON(json);
            if (data.getCollectedClientData() == null || data.getAttestationObject() == null) {
                throw new PasskeyRefused(PasskeyRefused.Reason.MALFORMED);
            }
            return new Registration(
                    data, data.getCollectedClientData().getChallenge().getValue());
        } catch (DataConversionException | IllegalArgumentException | NullPointerException e) {
            throw new PasskeyRefused(PasskeyRefused.Reason.MALFORMED, e);
        }
    }

    /** Verifies a registration against the challenge issued for it. */
    public NewCredential register(Registration registration, byte[] challenge) throws PasskeyRefused {
        List<PublicKeyCredentialParameters> allowed = ALGORITHMS.stream()
                .map(a -> new PublicKeyCredentialParameters(PublicKeyCredentialType.PUBLIC_KEY, a))
                .toList();
        try {
            RegistrationData verified = webAuthn.verify(
                    registration.data(), new RegistrationParameters(server(challenge), allowed, true, true));
            AuthenticatorData<?> authenticator = verified.getAttestationObject().getAuthenticatorData();
            AttestedCredentialData credential = authenticator.getAttestedCredentialData();
            Set<AuthenticatorTransport> transports = verified.getTransports();
            return new NewCredential(
                    credential.getCredentialId(),
                    credentialData.convert(credential),
                    authenticator.getSignCount(),
                    transports == null
                            ? ""
                            : transports.stream()
                                    .map(AuthenticatorTransport::getValue)
                                    .sorted()
                                    .collect(Collectors.joining(" ")),
                    authenticator.isFlagBE(),
                    authenticator.isFlagBS());
        } catch (UserNotVerifiedException e) {
            throw new PasskeyRefused(PasskeyRefused.Reason.USER_NOT_VERIFIED, e);
        } catch (VerificationException e) {
            throw new PasskeyRefused(PasskeyRefused.Reason.NOT_VERIFIED, e);
        }
    }

    /** Reads an AuthenticationResponseJSON (what the sign-in page posts). */
    public Assertion readAssertion(String json) throws PasskeyRefused {
        try {
            AuthenticationData data = webAuthn.parseAuthenticationResponseJSON(json);
            if (data.getCredentialId() == null || data.getCollectedClientData() == null) {
                throw new PasskeyRefused(PasskeyRefused.Reason.MALFORMED);
            }
            return new Assertion(
                    data,
                    data.getCredentialId(),
                    data.getUserHandle(),
                    data.getCollectedClientData().getChallenge().getValue());
        } catch (DataConversionException | IllegalArgumentException | NullPointerException e) {
            throw new PasskeyRefused(PasskeyRefused.Reason.MALFORMED, e);
        }
    }

    /**
     * Verifies an assertion by the stored passkey against the challenge issued for it; answers the new counter. The
     * user handle must name the passkey's own account (§7.2 step 6: the person was not identified before), and a
     * counter that does not increase, once either is non-zero, is a cloned authenticator (§6.1.1).
     */
    public long authenticate(Assertion assertion, byte[] challenge, Passkey stored) throws PasskeyRefused {
        if (assertion.userHandle() == null || !Arrays.equals(assertion.userHandle(), userHandle(stored.accountId()))) {
            throw new PasskeyRefused(PasskeyRefused.Reason.OTHER_ACCOUNT);
        }
        CredentialRecordImpl record = new CredentialRecordImpl(
                new NoneAttestationStatement(),
                true,
                stored.backupEligible(),
                stored.backedUp(),
                stored.signCount(),
                credentialData.convert(stored.attestedCredentialData()),
                new AuthenticationExtensionsAuthenticatorOutputs<>(),
                null,
                new AuthenticationExtensionsClientOutputs<>(),
                null);
        try {
            AuthenticationData verified = webAuthn.verify(
                    assertion.data(),
                    new AuthenticationParameters(
                            server(challenge), record, List.of(stored.credentialId()), true, true));
            return verified.getAuthenticatorData().getSignCount();
        } catch (MaliciousCounterValueException e) {
            throw new PasskeyRefused(PasskeyRefused.Reason.CLONED_AUTHENTICATOR, e);
        } catch (UserNotVerifiedException e) {
            throw new PasskeyRefused(PasskeyRefused.Reason.USER_NOT_VERIFIED, e);
        } catch (VerificationException | DataConversionException e) {
            throw new PasskeyRefused(PasskeyRefused.Reason.NOT_VERIFIED, e);
        }
    }

    /** The WebAuthn user handle of an account: its id's 16 bytes (opaque, no personal data, as §14.6.1 asks). */
    public static byte[] userHandle(UUID accountId) {
        return ByteBuffer.allocate(16)
                .putLong(accountId.getMostSignificantBits())
                .putLong(accountId.getLeastSignificantBits())
                .array();
    }

    public static String base64Url(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private ServerProperty server(byte[] challenge) {
        return ServerProperty.builder()
                .origin(origin)
                .rpId(rpId)
                .challenge(new DefaultChallenge(challenge))
                .build();
    }
}
