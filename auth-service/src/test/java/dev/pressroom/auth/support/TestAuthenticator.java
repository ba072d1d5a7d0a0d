package dev.pressroom.auth.support;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.cbor.CBORFactory;
import com.webauthn4j.converter.AttestedCredentialDataConverter;
import com.webauthn4j.converter.util.ObjectConverter;
import com.webauthn4j.data.attestation.authenticator.AAGUID;
import com.webauthn4j.data.attestation.authenticator.AttestedCredentialData;
import com.webauthn4j.data.attestation.authenticator.EC2COSEKey;
import com.webauthn4j.data.attestation.statement.COSEAlgorithmIdentifier;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A software passkey authenticator (ES256, "none" attestation) that answers WebAuthn ceremonies as a browser would post
 * them (RegistrationResponseJSON, AuthenticationResponseJSON), so passkeys are tested over plain HTTP without a
 * browser. Its knobs make it misbehave: no user verification, another origin, a counter that stands still (a clone),
 * another user handle. webauthn4j-test would do this, but it is not published for webauthn4j 0.30.
 */
public final class TestAuthenticator {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectMapper CBOR = new ObjectMapper(new CBORFactory());
    private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();

    private final KeyPair keys;
    private final byte[] credentialId = new byte[16];
    private byte[] userHandle;
    private long counter;
    private boolean userVerified = true;
    private String origin;
    private String rpId;

    public TestAuthenticator(String rpId, String origin) {
        this.rpId = rpId;
        this.origin = origin;
        new SecureRandom().nextBytes(credentialId);
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"));
            this.keys = generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Whether the authenticator says it verified the person (the UV flag). */
    public TestAuthenticator userVerified(boolean verified) {
        this.userVerified = verified;
        return this;
    }

    /** The origin the "browser" reports in client data. */
    public TestAuthenticator origin(String value) {
        this.origin = value;
        return this;
    }

    /** The RP id whose hash the authenticator data carries. */
    public TestAuthenticator rpId(String value) {
        this.rpId = value;
        return this;
    }

    /** Sets the signature counter the next assertion reports (after it adds one). */
    public TestAuthenticator counter(long value) {
        this.counter = value;
        return this;
    }

    /** The user handle the next assertions report instead of the registered one. */
    public TestAuthenticator userHandle(byte[] value) {
        this.userHandle = value.clone();
        return this;
    }

    /** The origin the "browser" reports. */
    public String origin() {
        return origin;
    }

    /** Answers request options with a credential the service never registered (the user handle must be set). */
    public String authenticateWithoutRegistering(Map<String, Object> options) {
        return authenticate(options);
    }

    public String credentialId() {
        return B64.encodeToString(credentialId);
    }

    /** Answers creation options (their JSON as the service sent it): the RegistrationResponseJSON to post. */
    public String register(Map<String, Object> options) {
        @SuppressWarnings("unchecked")
        Map<String, Object> user = (Map<String, Object>) options.get("user");
        userHandle = Base64.getUrlDecoder().decode((String) user.get("id"));
        byte[] clientData = clientData("webauthn.create", (String) options.get("challenge"));
        AttestedCredentialData attested = new AttestedCredentialData(
                AAGUID.ZERO,
                credentialId,
                EC2COSEKey.create((ECPublicKey) keys.getPublic(), COSEAlgorithmIdentifier.ES256));
        byte[] attestedBytes = new AttestedCredentialDataConverter(new ObjectConverter()).convert(attested);
        byte[] authData = authenticatorData((byte) 0x40, attestedBytes);
        Map<String, Object> attestation = new LinkedHashMap<>();
        attestation.put("fmt", "none");
        attestation.put("attStmt", Map.of());
        attestation.put("authData", authData);
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("clientDataJSON", B64.encodeToString(clientData));
        response.put("attestationObject", B64.encodeToString(write(CBOR, attestation)));
        response.put("transports", new String[] {"internal"});
        return credential(response);
    }

    /** Answers request options (their JSON): the AuthenticationResponseJSON to post. */
    public String authenticate(Map<String, Object> options) {
        counter++;
        byte[] clientData = clientData("webauthn.get", (String) options.get("challenge"));
        byte[] authData = authenticatorData((byte) 0, new byte[0]);
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("clientDataJSON", B64.encodeToString(clientData));
        response.put("authenticatorData", B64.encodeToString(authData));
        response.put("signature", B64.encodeToString(sign(authData, clientData)));
        response.put("userHandle", B64.encodeToString(userHandle));
        return credential(response);
    }

    private String credential(Map<String, Object> response) {
        Map<String, Object> credential = new LinkedHashMap<>();
        credential.put("id", credentialId());
        credential.put("rawId", credentialId());
        credential.put("type", "public-key");
        credential.put("response", response);
        credential.put("clientExtensionResults", Map.of());
        credential.put("authenticatorAttachment", "platform");
        return new String(write(JSON, credential), StandardCharsets.UTF_8);
    }

    private byte[] clientData(String type, String challenge) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("type", type);
        data.put("challenge", challenge);
        data.put("origin", origin);
        data.put("crossOrigin", false);
        return write(JSON, data);
    }

    /** rpIdHash, flags (UP, UV as set, plus {@code more}), counter, and the attested credential data if any. */
    private byte[] authenticatorData(byte more, byte[] attested) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(sha256(rpId.getBytes(StandardCharsets.UTF_8)));
        out.write(0x01 | (userVerified ? 0x04 : 0) | more);
        out.writeBytes(ByteBuffer.allocate(4).putInt((int) counter).array());
        out.writeBytes(attested);
        return out.toByteArray();
    }

    private byte[] sign(byte[] authData, byte[] clientData) {
        try {
            Signature signature = Signature.getInstance("SHA256withECDSA");
            signature.initSign(keys.getPrivate());
            signature.update(authData);
            signature.update(sha256(clientData));
            return signature.sign();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] sha256(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] write(ObjectMapper mapper, Object value) {
        try {
            return mapper.writeValueAsBytes(value);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
