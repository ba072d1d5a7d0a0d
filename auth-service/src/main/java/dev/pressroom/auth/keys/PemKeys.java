package dev.pressroom.auth.keys;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.RSAPublicKeySpec;
import java.util.Base64;
import java.util.regex.Pattern;

/** PKCS#8 PEM reading and writing of RSA keys, with the JDK only. */
public final class PemKeys {

    private static final String BEGIN = "-----BEGIN PRIVATE KEY-----";
    private static final String END = "-----END PRIVATE KEY-----";
    /** A kid is used as a file name and in JOSE headers: keep it to a safe alphabet. */
    public static final Pattern KID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

    private PemKeys() {}

    public static SigningKey parse(String kid, String pem) throws GeneralSecurityException {
        int begin = pem.indexOf(BEGIN);
        int end = pem.indexOf(END);
        if (begin < 0 || end < begin) {
            throw new GeneralSecurityException("key " + kid + " is not a PKCS#8 PEM (BEGIN PRIVATE KEY)");
        }
        String body = pem.substring(begin + BEGIN.length(), end).replaceAll("\\s", "");
        KeyFactory factory = KeyFactory.getInstance("RSA");
        if (!(factory.generatePrivate(
                        new PKCS8EncodedKeySpec(Base64.getDecoder().decode(body)))
                instanceof RSAPrivateCrtKey privateKey)) {
            throw new GeneralSecurityException("key " + kid + " is not an RSA CRT private key");
        }
        if (privateKey.getModulus().bitLength() < 2048) {
            throw new GeneralSecurityException("key " + kid + " is shorter than 2048 bits");
        }
        RSAPublicKey publicKey = (RSAPublicKey)
                factory.generatePublic(new RSAPublicKeySpec(privateKey.getModulus(), privateKey.getPublicExponent()));
        return new SigningKey(kid, privateKey, publicKey);
    }

    public static String generatePem() throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        KeyPair pair = generator.generateKeyPair();
        String body = Base64.getMimeEncoder(64, "\n".getBytes(UTF_8))
                .encodeToString(pair.getPrivate().getEncoded());
        return BEGIN + "\n" + body + "\n" + END + "\n";
    }
}
