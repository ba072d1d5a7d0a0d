package dev.pressroom.auth.keys;

import java.math.BigInteger;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/** One RSA signing key and its public JWK (RFC 7517 §4, RFC 7518 §6.3.1): never a private member. */
public record SigningKey(String kid, RSAPrivateKey privateKey, RSAPublicKey publicKey) {

    public Map<String, Object> publicJwk() {
        Map<String, Object> jwk = new LinkedHashMap<>();
        jwk.put("kty", "RSA");
        jwk.put("kid", kid);
        jwk.put("use", "sig");
        jwk.put("alg", "RS256");
        jwk.put("n", base64url(publicKey.getModulus()));
        jwk.put("e", base64url(publicKey.getPublicExponent()));
        return jwk;
    }

    /** RFC 7518 §6.3.1: unsigned big-endian, no leading zero octet. */
    private static String base64url(BigInteger value) {
        byte[] bytes = value.toByteArray();
        if (bytes.length > 1 && bytes[0] == 0) {
            byte[] trimmed = new byte[bytes.length - 1];
            System.arraycopy(bytes, 1, trimmed, 0, trimmed.length);
            bytes = trimmed;
        }
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
