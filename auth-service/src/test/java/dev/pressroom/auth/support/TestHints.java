package dev.pressroom.auth.support;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import dev.pressroom.auth.keys.SigningKey;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * ID tokens as an id_token_hint may arrive, built with an independent JOSE library (Nimbus): our own, and forgeries
 * (another algorithm, a MAC keyed with our public key, no signature at all).
 */
public final class TestHints {

    public static final String ISSUER = "https://accounts.example.org";

    private TestHints() {}

    /** The JWK Set that publishes these keys, as SigningKeys serves it. */
    public static Map<String, Object> jwks(SigningKey... keys) {
        return Map.of("keys", List.of(keys).stream().map(SigningKey::publicJwk).toList());
    }

    /** An ID token's claims as IdTokenGenerator writes them, issued {@code ageSeconds} ago, living an hour. */
    public static Map<String, Object> claims(String clientId, String subject, String sid, long ageSeconds) {
        long iat = System.currentTimeMillis() / 1000 - ageSeconds;
        Map<String, Object> claims = new LinkedHashMap<>();
        claims.put("sub", subject);
        claims.put("iss", ISSUER);
        claims.put("aud", clientId);
        claims.put("iat", iat);
        claims.put("exp", iat + 3600);
        claims.put("jti", "jti-" + iat);
        claims.put("auth_time", iat);
        claims.put("amr", List.of("pwd"));
        claims.put("sid", sid);
        claims.put("azp", clientId);
        return claims;
    }

    /** Signed with {@code key}'s private key, the header naming {@code kid}. */
    public static String signed(SigningKey key, String kid, JWSAlgorithm algorithm, Map<String, Object> claims) {
        try {
            SignedJWT jwt = new SignedJWT(header(algorithm, kid), JWTClaimsSet.parse(claims));
            jwt.sign(new RSASSASigner(key.privateKey()));
            return jwt.serialize();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** HS256 keyed with the public key's encoding: the algorithm confusion a verifier must not fall for. */
    public static String macWithPublicKey(SigningKey key, Map<String, Object> claims) {
        try {
            byte[] secret = key.publicKey().getEncoded();
            SignedJWT jwt = new SignedJWT(header(JWSAlgorithm.HS256, key.kid()), JWTClaimsSet.parse(claims));
            jwt.sign(new MACSigner(secret));
            return jwt.serialize();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** {"alg":"none"}: no signature at all. */
    public static String unsigned(Map<String, Object> claims) {
        try {
            return new PlainJWT(JWTClaimsSet.parse(claims)).serialize();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static JWSHeader header(JWSAlgorithm algorithm, String kid) {
        JWSHeader.Builder header = new JWSHeader.Builder(algorithm).type(JOSEObjectType.JWT);
        return (kid == null ? header : header.keyID(kid)).build();
    }
}
