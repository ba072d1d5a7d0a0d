package dev.pressroom.auth.keys;

import java.math.BigInteger;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One signing key, the one algorithm it signs with, and its public JWK (RFC 7517 §4; RSA RFC 7518 §6.3.1, EC P-256
 * §6.2.1): never a private member.
 */
public record SigningKey(String kid, JwsAlgorithm alg, PrivateKey privateKey, PublicKey publicKey) {

    public Map<String, Object> publicJwk() {
        Map<String, Object> jwk = new LinkedHashMap<>();
        if (publicKey instanceof ECPublicKey ec) {
            jwk.put("kty", "EC");
            jwk.put("crv", "P-256");
            jwk.put("x", base64url(ec.getW().getAffineX(), 32));
            jwk.put("y", base64url(ec.getW().getAffineY(), 32));
        } else {
            RSAPublicKey rsa = (RSAPublicKey) publicKey;
            jwk.put("kty", "RSA");
            jwk.put("n", base64url(rsa.getModulus(), 0));
            jwk.put("e", base64url(rsa.getPublicExponent(), 0));
        }
        jwk.put("kid", kid);
        jwk.put("use", "sig");
        jwk.put("alg", alg.name());
        return jwk;
    }

    /**
     * Unsigned big-endian without the sign octet; RSA values without leading zeros (§6.3.1), EC coordinates padded to
     * the curve's full length (§6.2.1.2).
     */
    private static String base64url(BigInteger value, int length) {
        byte[] bytes = value.toByteArray();
        if (bytes.length > 1 && bytes[0] == 0) {
            bytes = Arrays.copyOfRange(bytes, 1, bytes.length);
        }
        if (bytes.length < length) {
            byte[] padded = new byte[length];
            System.arraycopy(bytes, 0, padded, length - bytes.length, bytes.length);
            bytes = padded;
        }
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
