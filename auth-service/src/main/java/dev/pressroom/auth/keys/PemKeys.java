package dev.pressroom.auth.keys;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.ECPublicKeySpec;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.RSAPublicKeySpec;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.regex.Pattern;

/** PKCS#8 PEM reading and writing of RSA and EC P-256 keys, with the JDK only. */
public final class PemKeys {

    private static final String BEGIN = "-----BEGIN PRIVATE KEY-----";
    private static final String END = "-----END PRIVATE KEY-----";
    /** A kid is used as a file name and in JOSE headers: keep it to a safe alphabet. */
    public static final Pattern KID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

    /** The [1] BIT STRING of an uncompressed P-256 point: tag, length 68, bit string of 66, no unused bits, 0x04. */
    private static final byte[] EC_PUBLIC_KEY = {(byte) 0xa1, 0x44, 0x03, 0x42, 0x00, 0x04};

    /**
     * PrivateKeyInfo {0, {id-ecPublicKey, prime256v1}, OCTET STRING {ECPrivateKey {1, OCTET STRING d (32)...}}}, up to
     * the private scalar.
     */
    private static final byte[] P256_PKCS8_HEAD =
            HexFormat.of().parseHex("308187020100301306072a8648ce3d020106082a8648ce3d030107046d306b0201010420");

    private PemKeys() {}

    /** The key of the file {@code kid}.pem and the algorithm it signs ({@link JwsAlgorithm#of}). */
    public static SigningKey parse(String kid, String pem) throws GeneralSecurityException {
        int begin = pem.indexOf(BEGIN);
        int end = pem.indexOf(END);
        if (begin < 0 || end < begin) {
            throw new GeneralSecurityException("key " + kid + " is not a PKCS#8 PEM (BEGIN PRIVATE KEY)");
        }
        byte[] der = Base64.getDecoder()
                .decode(pem.substring(begin + BEGIN.length(), end).replaceAll("\\s", ""));
        PrivateKey privateKey;
        try {
            privateKey = KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(der));
        } catch (InvalidKeySpecException notRsa) {
            privateKey = KeyFactory.getInstance("EC").generatePrivate(new PKCS8EncodedKeySpec(der));
        }
        JwsAlgorithm alg = JwsAlgorithm.of(kid, privateKey);
        return new SigningKey(kid, alg, privateKey, publicKey(kid, privateKey, der));
    }

    private static PublicKey publicKey(String kid, PrivateKey key, byte[] der) throws GeneralSecurityException {
        if (key instanceof ECPrivateKey ec) {
            PublicKey publicKey = KeyFactory.getInstance("EC")
                    .generatePublic(new ECPublicKeySpec(publicPoint(kid, der), ec.getParams()));
            checkPair(kid, key, publicKey);
            return publicKey;
        }
        if (!(key instanceof RSAPrivateCrtKey rsa)) {
            throw new GeneralSecurityException("key " + kid + " is not an RSA CRT private key");
        }
        if (rsa.getModulus().bitLength() < 2048) {
            throw new GeneralSecurityException("key " + kid + " is shorter than 2048 bits");
        }
        return KeyFactory.getInstance("RSA")
                .generatePublic(new RSAPublicKeySpec(rsa.getModulus(), rsa.getPublicExponent()));
    }

    /**
     * RFC 5915 §3: the public key a P-256 private key carries, the [1] BIT STRING of its uncompressed point, as
     * {@code openssl genpkey} and {@link #generatePem} write it (the JDK's own encoding leaves it out).
     */
    private static ECPoint publicPoint(String kid, byte[] der) throws GeneralSecurityException {
        for (int i = 0; i + EC_PUBLIC_KEY.length + 64 <= der.length; i++) {
            if (Arrays.equals(der, i, i + EC_PUBLIC_KEY.length, EC_PUBLIC_KEY, 0, EC_PUBLIC_KEY.length)) {
                int x = i + EC_PUBLIC_KEY.length;
                return new ECPoint(
                        new BigInteger(1, Arrays.copyOfRange(der, x, x + 32)),
                        new BigInteger(1, Arrays.copyOfRange(der, x + 32, x + 64)));
            }
        }
        throw new GeneralSecurityException(
                "EC key " + kid + " does not carry its public key (openssl genpkey writes it)");
    }

    /** The public key found must be the private key's own: a signature made with one verifies with the other. */
    private static void checkPair(String kid, PrivateKey privateKey, PublicKey publicKey)
            throws GeneralSecurityException {
        byte[] probe = ("pressroom key self-check " + kid).getBytes(UTF_8);
        Signature signer = Signature.getInstance("SHA256withECDSA");
        signer.initSign(privateKey);
        signer.update(probe);
        Signature verifier = Signature.getInstance("SHA256withECDSA");
        verifier.initVerify(publicKey);
        verifier.update(probe);
        if (!verifier.verify(signer.sign())) {
            throw new GeneralSecurityException("EC key " + kid + " carries a public key that is not its own");
        }
    }

    /** A new private key for {@code alg}: RSA-2048, or EC P-256 with its public key (RFC 5915 §3). */
    public static String generatePem(JwsAlgorithm alg) throws GeneralSecurityException {
        byte[] der;
        if (alg == JwsAlgorithm.ES256) {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"));
            KeyPair pair = generator.generateKeyPair();
            der = p256Pkcs8((ECPrivateKey) pair.getPrivate(), (ECPublicKey) pair.getPublic());
        } else {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            der = generator.generateKeyPair().getPrivate().getEncoded();
        }
        String body = Base64.getMimeEncoder(64, "\n".getBytes(UTF_8)).encodeToString(der);
        return BEGIN + "\n" + body + "\n" + END + "\n";
    }

    /**
     * PrivateKeyInfo (RFC 5208) of id-ecPublicKey on prime256v1 around ECPrivateKey (RFC 5915 §3) {1, d, [1] point}:
     * fixed lengths on P-256.
     */
    private static byte[] p256Pkcs8(ECPrivateKey key, ECPublicKey publicKey) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(P256_PKCS8_HEAD);
        out.writeBytes(unsigned(key.getS()));
        out.writeBytes(EC_PUBLIC_KEY);
        out.writeBytes(unsigned(publicKey.getW().getAffineX()));
        out.writeBytes(unsigned(publicKey.getW().getAffineY()));
        return out.toByteArray();
    }

    /** 32 octets, big-endian, left-padded. */
    private static byte[] unsigned(BigInteger value) {
        byte[] bytes = value.toByteArray();
        byte[] fixed = new byte[32];
        int length = Math.min(bytes.length, 32);
        System.arraycopy(bytes, bytes.length - length, fixed, 32 - length, length);
        return fixed;
    }
}
