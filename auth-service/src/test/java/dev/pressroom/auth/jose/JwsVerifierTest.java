package dev.pressroom.auth.jose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.Payload;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import java.nio.charset.StandardCharsets;
import java.security.Signature;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The one JWS verifier at its edges. Good JWSs are made by an independent library (Nimbus), hostile ones by hand with
 * real keys, so a refusal is for the reason the test names and not for a broken signature.
 */
class JwsVerifierTest {

    private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();
    private static final String CLAIMS = "{\"iss\":\"someone\",\"jti\":\"j-1\"}";
    private static final RSAKey RSA = generateRsa("rsa-1");
    private static final ECKey EC = generateEc("ec-1");

    private final JwsVerifier verifier = new JwsVerifier(
            "The test JWS", List.of("RS256", "PS256", "ES256"), JwsVerifier.Types.optional("JWT"), 8192);

    private static List<PublicJwk> keys(JWK... jwks) {
        return List.of(jwks).stream()
                .map(jwk -> PublicJwk.read(
                        new ObjectMapper().valueToTree(jwk.toPublicJWK().toJSONObject())))
                .toList();
    }

    private static String nimbus(JWSHeader header, String claims, JWK key) {
        try {
            JWSObject jws = new JWSObject(header, new Payload(claims));
            jws.sign(key instanceof ECKey ec ? new ECDSASigner(ec) : new RSASSASigner((RSAKey) key));
            return jws.serialize();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String nimbus(JWSAlgorithm alg, JWK key) {
        return nimbus(new JWSHeader.Builder(alg).keyID(key.getKeyID()).build(), CLAIMS, key);
    }

    /** A JWS over any header text, signed by the JDK with {@code algorithm} and the key. */
    private static String handMade(String header, String claims, String algorithm, java.security.PrivateKey key)
            throws Exception {
        String input = B64.encodeToString(header.getBytes(StandardCharsets.UTF_8)) + "."
                + B64.encodeToString(claims.getBytes(StandardCharsets.UTF_8));
        Signature signer = Signature.getInstance(algorithm);
        signer.initSign(key);
        signer.update(input.getBytes(StandardCharsets.US_ASCII));
        return input + "." + B64.encodeToString(signer.sign());
    }

    @ParameterizedTest
    @ValueSource(strings = {"RS256", "PS256", "ES256"})
    void verifyWhenSignedByAnIndependentLibraryThenHeaderClaimsAndKey(String alg) {
        JWK key = alg.equals("ES256") ? EC : RSA;

        JwsVerifier.Verified verified = verifier.verify(nimbus(JWSAlgorithm.parse(alg), key), keys(RSA, EC));

        assertThat(verified.claim("jti")).isEqualTo("j-1");
        assertThat(verified.header().get("alg").textValue()).isEqualTo(alg);
        assertThat(verified.key().kid()).isEqualTo(key.getKeyID());
    }

    @Test
    void verifyWhenAlgNoneThenAlgorithmRefused() {
        String unsigned = B64.encodeToString("{\"alg\":\"none\"}".getBytes(StandardCharsets.UTF_8)) + "."
                + B64.encodeToString(CLAIMS.getBytes(StandardCharsets.UTF_8)) + ".";

        assertRefused(() -> verifier.verify(unsigned, keys(RSA)), JwsRefused.Reason.ALGORITHM, "never none");
    }

    @Test
    void verifyWhenHs256KeyedWithOurPublicKeyThenAlgorithmRefused() throws Exception {
        // The classic confusion: an HMAC whose secret is the RSA public key, which anyone can read from the JWKS.
        JWSObject jws = new JWSObject(
                new JWSHeader.Builder(JWSAlgorithm.HS256).keyID(RSA.getKeyID()).build(), new Payload(CLAIMS));
        jws.sign(new MACSigner(RSA.toRSAPublicKey().getEncoded()));

        assertRefused(() -> verifier.verify(jws.serialize(), keys(RSA)), JwsRefused.Reason.ALGORITHM, "HMAC");
    }

    @Test
    void verifyWhenAlgIsNotOfTheKidsKeyTypeThenNoKey() throws Exception {
        // ES256 named over the RSA key's kid: no key of that kid is an EC key, whatever the signature.
        String es256OverRsaKid = handMade(
                "{\"alg\":\"ES256\",\"kid\":\"rsa-1\"}", CLAIMS, "SHA256withECDSAinP1363Format", EC.toPrivateKey());

        assertRefused(() -> verifier.verify(es256OverRsaKid, keys(RSA, EC)), JwsRefused.Reason.NO_KEY, "No known key");
    }

    @Test
    void verifyWhenRsaKeyPublishedForPs256AndTokenSaysRs256ThenNoKey() throws Exception {
        Map<String, Object> jwk = RSA.toPublicJWK().toJSONObject();
        jwk.put("alg", "PS256");
        PublicJwk ps256Only = PublicJwk.read(new ObjectMapper().valueToTree(jwk));

        assertRefused(
                () -> verifier.verify(nimbus(JWSAlgorithm.RS256, RSA), List.of(ps256Only)),
                JwsRefused.Reason.NO_KEY,
                "No known key");
        assertThat(verifier.verify(nimbus(JWSAlgorithm.PS256, RSA), List.of(ps256Only)))
                .isNotNull();
    }

    @Test
    void verifyWithHeaderKeyWhenJwkIsNotOfTheAlgsTypeThenKeyRefused() throws Exception {
        String header = "{\"alg\":\"RS256\",\"jwk\":"
                + new ObjectMapper().writeValueAsString(EC.toPublicJWK().toJSONObject()) + "}";
        String proof = handMade(header, CLAIMS, "SHA256withRSA", RSA.toPrivateKey());

        assertRefused(() -> verifier.verifyWithHeaderKey(proof), JwsRefused.Reason.KEY, "not a key for RS256");
    }

    @Test
    void verifyWhenEs256SignatureIsDerThenSignatureRefusedAndRawFormAccepted() throws Exception {
        String header = "{\"alg\":\"ES256\",\"kid\":\"ec-1\"}";
        String der = handMade(header, CLAIMS, "SHA256withECDSA", EC.toPrivateKey());
        String raw = handMade(header, CLAIMS, "SHA256withECDSAinP1363Format", EC.toPrivateKey());

        assertRefused(() -> verifier.verify(der, keys(EC)), JwsRefused.Reason.SIGNATURE, "does not verify");
        assertThat(verifier.verify(raw, keys(EC)).claim("jti")).isEqualTo("j-1");
    }

    @Test
    void verifyWhenSignedByAnotherKeyUnderTheKidThenSignatureRefused() {
        String forged = nimbus(JWSAlgorithm.RS256, generateRsa(RSA.getKeyID()));

        assertRefused(() -> verifier.verify(forged, keys(RSA)), JwsRefused.Reason.SIGNATURE, "does not verify");
    }

    @Test
    void verifyWhenSegmentTruncatedThenRefused() {
        String good = nimbus(JWSAlgorithm.RS256, RSA);
        String[] parts = good.split("\\.", -1);

        for (String truncated : List.of(
                parts[0] + "." + parts[1],
                parts[0] + "." + parts[1] + ".",
                parts[0] + "." + parts[1] + "." + parts[2].substring(0, parts[2].length() - 4),
                parts[0].substring(0, parts[0].length() - 3) + "." + parts[1] + "." + parts[2],
                parts[0] + "." + parts[1].substring(0, parts[1].length() - 2) + "." + parts[2],
                "." + parts[1] + "." + parts[2],
                good + ".",
                "")) {
            assertThatThrownBy(() -> verifier.verify(truncated, keys(RSA)))
                    .as(truncated)
                    .isInstanceOfSatisfying(
                            JwsRefused.class,
                            e -> assertThat(e.reason()).isIn(JwsRefused.Reason.MALFORMED, JwsRefused.Reason.SIGNATURE));
        }
    }

    @Test
    void verifyWhenHeaderOversizedThenMalformedBeforeParsing() {
        String header = B64.encodeToString(
                ("{\"alg\":\"RS256\",\"x\":\"" + "a".repeat(4000) + "\"}").getBytes(StandardCharsets.UTF_8));

        assertRefused(
                () -> verifier.verify(header + ".e30.AA", keys(RSA)),
                JwsRefused.Reason.MALFORMED,
                "header is too long");
    }

    @Test
    void verifyWhenLongerThanTheLimitThenMalformed() {
        assertRefused(() -> verifier.verify("a".repeat(8193), keys(RSA)), JwsRefused.Reason.MALFORMED, "is too long");
    }

    @Test
    void verifyWhenCritHeaderThenRefusedEvenIfSigned() throws Exception {
        String jws = handMade(
                "{\"alg\":\"RS256\",\"kid\":\"rsa-1\",\"crit\":[\"exp\"],\"exp\":1}",
                CLAIMS,
                "SHA256withRSA",
                RSA.toPrivateKey());

        assertRefused(() -> verifier.verify(jws, keys(RSA)), JwsRefused.Reason.CRITICAL, "critical extension");
    }

    @Test
    void verifyWhenDuplicateHeaderMemberThenMalformed() throws Exception {
        String jws = handMade(
                "{\"alg\":\"RS256\",\"kid\":\"rsa-1\",\"alg\":\"none\"}", CLAIMS, "SHA256withRSA", RSA.toPrivateKey());

        assertRefused(() -> verifier.verify(jws, keys(RSA)), JwsRefused.Reason.MALFORMED, "not JSON");
    }

    @Test
    void verifyWhenClaimsAreNotAnObjectThenMalformed() throws Exception {
        String jws = handMade("{\"alg\":\"RS256\"}", "[1]", "SHA256withRSA", RSA.toPrivateKey());

        assertRefused(() -> verifier.verify(jws, keys(RSA)), JwsRefused.Reason.MALFORMED, "not a JSON object");
    }

    @Test
    void verifyWhenTypIsAnotherKindOfJwtThenTypeRefused() {
        String dpop = nimbus(
                new JWSHeader.Builder(JWSAlgorithm.RS256)
                        .keyID(RSA.getKeyID())
                        .type(new JOSEObjectType("dpop+jwt"))
                        .build(),
                CLAIMS,
                RSA);

        assertRefused(() -> verifier.verify(dpop, keys(RSA)), JwsRefused.Reason.TYPE, "typ must be");
    }

    @Test
    void verifyWhenTypDiffersOnlyInCaseOrMediaTypePrefixThenAccepted() {
        // RFC 7515 §4.1.9: typ is a media type, compared without case, "application/" being optional.
        for (String typ : List.of("JWT", "jwt", "application/jwt")) {
            String jws = nimbus(
                    new JWSHeader.Builder(JWSAlgorithm.RS256)
                            .keyID(RSA.getKeyID())
                            .type(new JOSEObjectType(typ))
                            .build(),
                    CLAIMS,
                    RSA);
            assertThat(verifier.verify(jws, keys(RSA))).as(typ).isNotNull();
        }
    }

    @Test
    void verifyWhenTypRequiredAndAbsentThenTypeRefused() {
        JwsVerifier dpop = new JwsVerifier("proof", List.of("RS256"), JwsVerifier.Types.required("dpop+jwt"), 8192);

        assertRefused(
                () -> dpop.verify(nimbus(JWSAlgorithm.RS256, RSA), keys(RSA)), JwsRefused.Reason.TYPE, "typ must be");
    }

    @Test
    void verifyWhenAlgAllowedElsewhereButNotHereThenAlgorithmRefused() {
        JwsVerifier es256Only = new JwsVerifier("proof", List.of("ES256"), JwsVerifier.Types.optional("JWT"), 8192);

        assertRefused(
                () -> es256Only.verify(nimbus(JWSAlgorithm.RS256, RSA), keys(RSA)),
                JwsRefused.Reason.ALGORITHM,
                "must be one of ES256");
    }

    @Test
    void constructWhenAnHmacOrUnknownAlgorithmIsAllowedThenRefused() {
        for (String alg : Set.of("HS256", "none", "RS384")) {
            assertThatThrownBy(() -> new JwsVerifier("x", List.of(alg), JwsVerifier.Types.optional("JWT"), 8192))
                    .as(alg)
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void verifyWithHeaderKeyWhenJwkHoldsAPrivateKeyThenKeyRefused() throws Exception {
        String header = "{\"alg\":\"ES256\",\"jwk\":" + new ObjectMapper().writeValueAsString(EC.toJSONObject()) + "}";
        String proof = handMade(header, CLAIMS, "SHA256withECDSAinP1363Format", EC.toPrivateKey());

        assertRefused(() -> verifier.verifyWithHeaderKey(proof), JwsRefused.Reason.KEY, "public key only");
    }

    @Test
    void verifyWithHeaderKeyWhenSignedByItsJwkThenTheKeysThumbprint() throws Exception {
        String header = "{\"alg\":\"ES256\",\"jwk\":"
                + new ObjectMapper().writeValueAsString(EC.toPublicJWK().toJSONObject()) + "}";
        String proof = handMade(header, CLAIMS, "SHA256withECDSAinP1363Format", EC.toPrivateKey());

        assertThat(verifier.verifyWithHeaderKey(proof).key().thumbprint())
                .isEqualTo(EC.computeThumbprint().toString());
    }

    private static void assertRefused(Runnable verify, JwsRefused.Reason reason, String why) {
        assertThatThrownBy(verify::run)
                .isInstanceOfSatisfying(
                        JwsRefused.class, e -> assertThat(e.reason()).isEqualTo(reason))
                .hasMessageContaining(why);
    }

    private static RSAKey generateRsa(String kid) {
        try {
            return new RSAKeyGenerator(2048).keyID(kid).generate();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    private static ECKey generateEc(String kid) {
        try {
            return new ECKeyGenerator(Curve.P_256).keyID(kid).generate();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }
}
