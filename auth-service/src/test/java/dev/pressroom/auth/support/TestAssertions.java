package dev.pressroom.auth.support;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.pressroom.kernel.id.Tokens;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.Signature;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/** A private_key_jwt client's key pair (RSA and EC P-256) and the client assertions it signs (RFC 7523 §3). */
public final class TestAssertions {

    private final RSAKey rsa;
    private final ECKey ec;

    private TestAssertions(RSAKey rsa, ECKey ec) {
        this.rsa = rsa;
        this.ec = ec;
    }

    public static TestAssertions generate(String kidPrefix) {
        try {
            return new TestAssertions(
                    new RSAKeyGenerator(2048).keyID(kidPrefix + "-rsa").generate(),
                    new ECKeyGenerator(Curve.P_256).keyID(kidPrefix + "-ec").generate());
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The public JWK Set, as a JSON document. */
    public String jwksJson() {
        return new JWKSet(List.<JWK>of(rsa.toPublicJWK(), ec.toPublicJWK())).toString();
    }

    /** The public JWK Set, as registration metadata's {@code jwks} member. */
    public Map<String, Object> jwks() {
        return new JWKSet(List.<JWK>of(rsa.toPublicJWK(), ec.toPublicJWK())).toJSONObject();
    }

    /** A JWK Set holding the private keys too, which registration must refuse. */
    public Map<String, Object> jwksWithPrivateKeys() {
        return new JWKSet(List.<JWK>of(rsa, ec)).toJSONObject(false);
    }

    /** A fresh, valid assertion: iss = sub = client_id, aud, a new jti, exp in one minute. */
    public static JWTClaimsSet.Builder claims(String clientId, String audience, Instant now) {
        return new JWTClaimsSet.Builder()
                .issuer(clientId)
                .subject(clientId)
                .audience(audience)
                .jwtID(Tokens.random(16))
                .issueTime(Date.from(now))
                .expirationTime(Date.from(now.plusSeconds(60)));
    }

    public String rs256(String clientId, String audience, UnaryOperator<JWTClaimsSet.Builder> change) {
        return sign(JWSAlgorithm.RS256, rsa.getKeyID(), change.apply(claims(clientId, audience, Instant.now())));
    }

    public String rs256(String clientId, String audience) {
        return rs256(clientId, audience, UnaryOperator.identity());
    }

    public String sign(JWSAlgorithm alg, String kid, JWTClaimsSet.Builder claims) {
        try {
            SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(alg).keyID(kid).build(), claims.build());
            jwt.sign(alg.getName().startsWith("ES") ? new ECDSASigner(ec) : new RSASSASigner(rsa));
            return jwt.serialize();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Any header and claims text, signed RS256 with the RSA key: for what a JOSE library would not write. */
    public String signRs256(String header, String claims) {
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        String input = b64.encodeToString(header.getBytes(StandardCharsets.UTF_8)) + "."
                + b64.encodeToString(claims.getBytes(StandardCharsets.UTF_8));
        try {
            Signature signer = Signature.getInstance("SHA256withRSA");
            signer.initSign(rsa.toPrivateKey());
            signer.update(input.getBytes(StandardCharsets.US_ASCII));
            return input + "." + b64.encodeToString(signer.sign());
        } catch (JOSEException | GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    public String rsaKid() {
        return rsa.getKeyID();
    }

    public String ecKid() {
        return ec.getKeyID();
    }
}
