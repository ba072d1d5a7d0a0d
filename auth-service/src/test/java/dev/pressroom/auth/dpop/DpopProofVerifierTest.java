package dev.pressroom.auth.dpop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.nimbusds.jose.JWSAlgorithm;
import dev.pressroom.auth.support.TestDpop;
import dev.pressroom.kernel.id.Tokens;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.security.interfaces.EdECPublicKey;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** RFC 9449 §4.3 at its edges, against proofs made by Nimbus's DPoP factory and hostile ones signed with real keys. */
class DpopProofVerifierTest {

    private static final String TOKEN_URL = "https://id.example.org/oauth/token";
    private static final String USERINFO_URL = "https://id.example.org/oauth/userinfo";

    private final DpopProofVerifier verifier = new DpopProofVerifier(Clock.systemUTC(), Duration.ofSeconds(60));
    private final TestDpop client = TestDpop.es256();

    @Test
    void verifyWhenNimbusProofThenThumbprintIsNimbusOwn() {
        DpopProof proof = verify(client.proof("POST", TOKEN_URL), "POST", TOKEN_URL, null);

        assertThat(proof.jkt()).isEqualTo(client.thumbprint());
        assertThat(proof.jti()).isNotBlank();
    }

    @ParameterizedTest
    @ValueSource(strings = {"RS256", "PS256"})
    void verifyWhenRsaProofThenAccepted(String alg) {
        TestDpop rsa = TestDpop.rsa(JWSAlgorithm.parse(alg));

        assertThat(verify(rsa.proof("POST", TOKEN_URL), "POST", TOKEN_URL, null).jkt())
                .isEqualTo(rsa.thumbprint());
    }

    @Test
    void verifyWhenEd25519ProofThenAcceptedWithRfc8037Thumbprint() throws Exception {
        KeyPair pair = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        String x = ed25519X((EdECPublicKey) pair.getPublic());
        Map<String, Object> header = new LinkedHashMap<>();
        header.put("typ", "dpop+jwt");
        header.put("alg", "EdDSA");
        header.put("jwk", Map.of("kty", "OKP", "crv", "Ed25519", "x", x));
        String input =
                TestDpop.base64url(json(header)) + "." + TestDpop.base64url(json(TestDpop.claims("POST", TOKEN_URL)));
        Signature signer = Signature.getInstance("Ed25519");
        signer.initSign(pair.getPrivate());
        signer.update(input.getBytes(StandardCharsets.US_ASCII));
        String proof = input + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(signer.sign());

        assertThat(verify(proof, "POST", TOKEN_URL, null).jkt())
                .isEqualTo(Tokens.sha256("{\"crv\":\"Ed25519\",\"kty\":\"OKP\",\"x\":\"" + x + "\"}"));
    }

    @Test
    void verifyWhenAthIsTokenHashThenAccepted() {
        String proof = client.proof("GET", USERINFO_URL, "the-access-token");

        assertThat(verify(proof, "GET", USERINFO_URL, "the-access-token").jkt()).isEqualTo(client.thumbprint());
    }

    @Test
    void verifyWhenAthMissingAtResourceThenRefused() {
        refused(client.proof("GET", USERINFO_URL), "GET", USERINFO_URL, "the-access-token", "ath");
    }

    @Test
    void verifyWhenAthOfAnotherTokenThenRefused() {
        refused(client.proof("GET", USERINFO_URL, "another-token"), "GET", USERINFO_URL, "the-access-token", "ath");
    }

    @Test
    void verifyWhenHtmOtherMethodThenRefused() {
        refused(client.proof("GET", TOKEN_URL), "POST", TOKEN_URL, null, "htm");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "https://id.example.org/oauth/token2",
                "https://evil.example.org/oauth/token",
                "http://id.example.org/oauth/token",
                "https://id.example.org:8443/oauth/token",
                "https://id.example.org/oauth/userinfo",
                "https://user@id.example.org/oauth/token",
                "/oauth/token",
                "not a uri"
            })
    void verifyWhenHtuNamesAnotherUriThenRefused(String htu) {
        Map<String, Object> claims = TestDpop.claims("POST", htu);

        refused(client.signed(client.header(), claims), "POST", TOKEN_URL, null, "htu");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "https://id.example.org/oauth/token?x=1",
                "https://id.example.org/oauth/token#f",
                "HTTPS://ID.Example.ORG/oauth/token",
                "https://id.example.org:443/oauth/token",
                "https://id.example.org/oauth/./token",
                "https://id.example.org/oauth/x/../token",
                "https://id.example.org/%6Fauth/token"
            })
    void verifyWhenHtuEqualAfterNormalisationThenAccepted(String htu) {
        Map<String, Object> claims = TestDpop.claims("POST", htu);

        assertThat(verify(client.signed(client.header(), claims), "POST", TOKEN_URL, null)
                        .jkt())
                .isEqualTo(client.thumbprint());
    }

    @ParameterizedTest
    @ValueSource(longs = {-61, 61, -3600})
    void verifyWhenIatOutsideWindowThenRefused(long offset) {
        Instant now = Instant.ofEpochSecond(Instant.now().getEpochSecond());
        DpopProofVerifier stopped = new DpopProofVerifier(Clock.fixed(now, ZoneOffset.UTC), Duration.ofSeconds(60));
        Map<String, Object> claims = TestDpop.claims("POST", TOKEN_URL);
        claims.put("iat", now.getEpochSecond() + offset);
        String proof = client.signed(client.header(), claims);

        assertThatThrownBy(() -> stopped.verify(List.of(proof), "POST", TOKEN_URL, null, null))
                .isInstanceOf(DpopRefused.class)
                .hasMessageContaining("iat");
        claims.put("iat", now.getEpochSecond() + 60L * Long.signum(offset));
        assertThat(stopped.verify(List.of(client.signed(client.header(), claims)), "POST", TOKEN_URL, null, null)
                        .jkt())
                .as("the window's edge is inside")
                .isEqualTo(client.thumbprint());
    }

    @Test
    void verifyWhenIatMissingOrTextThenRefused() {
        Map<String, Object> claims = TestDpop.claims("POST", TOKEN_URL);
        claims.remove("iat");
        refused(client.signed(client.header(), claims), "POST", TOKEN_URL, null, "iat");
        claims.put("iat", Long.toString(Instant.now().getEpochSecond()));
        refused(client.signed(client.header(), claims), "POST", TOKEN_URL, null, "iat");
    }

    @Test
    void verifyWhenJwkHoldsPrivateKeyThenRefused() {
        Map<String, Object> header = client.header();
        header.put("jwk", client.privateJwk());

        refused(client.signed(header, TestDpop.claims("POST", TOKEN_URL)), "POST", TOKEN_URL, null, "public key");
    }

    @Test
    void verifyWhenRsaJwkHoldsPrivateKeyThenRefused() {
        TestDpop rsa = TestDpop.rsa(JWSAlgorithm.RS256);
        Map<String, Object> header = rsa.header();
        header.put("jwk", rsa.privateJwk());

        refused(rsa.signed(header, TestDpop.claims("POST", TOKEN_URL)), "POST", TOKEN_URL, null, "public key");
    }

    @Test
    void verifyWhenAlgNoneThenRefused() {
        Map<String, Object> header = client.header();
        header.put("alg", "none");
        String unsigned = TestDpop.base64url(json(header)) + "."
                + TestDpop.base64url(json(TestDpop.claims("POST", TOKEN_URL))) + ".";

        refused(unsigned, "POST", TOKEN_URL, null, "alg");
    }

    @Test
    void verifyWhenAlgHs256WithPublicKeyAsSecretThenRefused() {
        Map<String, Object> header = client.header();
        header.put("alg", "HS256");

        refused(client.signed(header, TestDpop.claims("POST", TOKEN_URL)), "POST", TOKEN_URL, null, "alg");
    }

    @Test
    void verifyWhenTypIsJwtThenRefused() {
        Map<String, Object> header = client.header();
        header.put("typ", "JWT");

        refused(client.signed(header, TestDpop.claims("POST", TOKEN_URL)), "POST", TOKEN_URL, null, "typ");
    }

    @Test
    void verifyWhenJwkIsAnotherKeyThenSignatureRefused() {
        Map<String, Object> header = client.header();
        header.put("jwk", TestDpop.es256().header().get("jwk"));

        refused(client.signed(header, TestDpop.claims("POST", TOKEN_URL)), "POST", TOKEN_URL, null, "signature");
    }

    @Test
    void verifyWhenEs256SignatureIsDerThenRefused() throws Exception {
        // A DER signature (what Java's SHA256withECDSA makes) is not the R || S that RFC 7518 §3.4 asks for.
        java.security.KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(256);
        KeyPair pair = generator.generateKeyPair();
        com.nimbusds.jose.jwk.ECKey jwk = new com.nimbusds.jose.jwk.ECKey.Builder(
                        com.nimbusds.jose.jwk.Curve.P_256, (java.security.interfaces.ECPublicKey) pair.getPublic())
                .build();
        Map<String, Object> header = new LinkedHashMap<>();
        header.put("typ", "dpop+jwt");
        header.put("alg", "ES256");
        header.put("jwk", jwk.toJSONObject());
        String input =
                TestDpop.base64url(json(header)) + "." + TestDpop.base64url(json(TestDpop.claims("POST", TOKEN_URL)));
        Signature der = Signature.getInstance("SHA256withECDSA");
        der.initSign(pair.getPrivate());
        der.update(input.getBytes(StandardCharsets.US_ASCII));

        refused(
                input + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(der.sign()),
                "POST",
                TOKEN_URL,
                null,
                "signature");
    }

    @Test
    void verifyWhenClaimsAlteredAfterSigningThenRefused() {
        String[] parts = client.proof("POST", TOKEN_URL).split("\\.", -1);
        Map<String, Object> claims = TestDpop.claims("POST", TOKEN_URL);
        String forged = parts[0] + "." + TestDpop.base64url(json(claims)) + "." + parts[2];

        refused(forged, "POST", TOKEN_URL, null, "signature");
    }

    @Test
    void verifyWhenEcPointOffCurveThenRefused() {
        Map<String, Object> header = client.header();
        @SuppressWarnings("unchecked")
        Map<String, Object> jwk = new LinkedHashMap<>((Map<String, Object>) header.get("jwk"));
        jwk.put("y", Base64.getUrlEncoder().withoutPadding().encodeToString(new byte[32]));
        header.put("jwk", jwk);

        refused(client.signed(header, TestDpop.claims("POST", TOKEN_URL)), "POST", TOKEN_URL, null, "P-256");
    }

    @Test
    void verifyWhenTwoHeadersThenRefused() {
        String one = client.proof("POST", TOKEN_URL);
        String two = client.proof("POST", TOKEN_URL);

        assertThatThrownBy(() -> verifier.verify(List.of(one, two), "POST", TOKEN_URL, null, null))
                .isInstanceOfSatisfying(
                        DpopRefused.class, e -> assertThat(e.code()).isEqualTo(DpopRefused.Code.INVALID_DPOP_PROOF))
                .hasMessageContaining("exactly one");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "a.b", "a.b.c.d", "%%%.e30.", "e30.e30.", "W10.e30.AA"})
    void verifyWhenNotACompactJwsThenRefused(String proof) {
        assertThatThrownBy(() -> verifier.verify(List.of(proof), "POST", TOKEN_URL, null, null))
                .isInstanceOf(DpopRefused.class);
    }

    @Test
    void verifyWhenDuplicateHeaderMemberThenRefused() {
        String header = "{\"typ\":\"dpop+jwt\",\"alg\":\"ES256\",\"alg\":\"none\"}";
        String proof =
                TestDpop.base64url(header) + "." + TestDpop.base64url(json(TestDpop.claims("POST", TOKEN_URL))) + ".AA";

        refused(proof, "POST", TOKEN_URL, null, "JSON");
    }

    @Test
    void verifyWhenProofTooLongThenRefused() {
        refused("a".repeat(DpopProofVerifier.MAX_LENGTH + 1), "POST", TOKEN_URL, null, "too long");
    }

    @Test
    void verifyWhenJtiMissingOrTooLongThenRefused() {
        Map<String, Object> claims = TestDpop.claims("POST", TOKEN_URL);
        claims.remove("jti");
        refused(client.signed(client.header(), claims), "POST", TOKEN_URL, null, "jti");
        claims.put("jti", "j".repeat(DpopProofVerifier.MAX_JTI_LENGTH + 1));
        refused(client.signed(client.header(), claims), "POST", TOKEN_URL, null, "jti");
    }

    @Test
    void verifyWhenNonceRequiredAndMissingOrStaleThenUseDpopNonce() {
        DpopNonces nonces = new DpopNonces(new byte[32], Clock.systemUTC(), Duration.ofMinutes(5));

        for (String proof :
                List.of(client.proof("POST", TOKEN_URL), client.proofWithNonce("POST", TOKEN_URL, null, "made-up"))) {
            assertThatThrownBy(() -> verifier.verify(List.of(proof), "POST", TOKEN_URL, null, nonces::accepted))
                    .isInstanceOfSatisfying(
                            DpopRefused.class, e -> assertThat(e.code()).isEqualTo(DpopRefused.Code.USE_DPOP_NONCE));
        }
        String withNonce = client.proofWithNonce("POST", TOKEN_URL, null, nonces.current());
        assertThat(verifier.verify(List.of(withNonce), "POST", TOKEN_URL, null, nonces::accepted)
                        .jkt())
                .isEqualTo(client.thumbprint());
    }

    private DpopProof verify(String proof, String method, String target, String accessToken) {
        return verifier.verify(List.of(proof), method, target, accessToken, null);
    }

    private void refused(String proof, String method, String target, String accessToken, String why) {
        assertThatThrownBy(() -> verify(proof, method, target, accessToken))
                .isInstanceOfSatisfying(
                        DpopRefused.class, e -> assertThat(e.code()).isEqualTo(DpopRefused.Code.INVALID_DPOP_PROOF))
                .hasMessageContaining(why);
    }

    private static String json(Map<String, Object> map) {
        return com.nimbusds.jose.util.JSONObjectUtils.toJSONString(map);
    }

    /** RFC 8032 §5.1.2: y little-endian, the top bit of the last byte x's parity. */
    private static String ed25519X(EdECPublicKey key) {
        byte[] y = key.getPoint().getY().toByteArray();
        byte[] encoded = new byte[32];
        for (int i = 0; i < y.length && i < 32; i++) {
            encoded[i] = y[y.length - 1 - i];
        }
        if (key.getPoint().isXOdd()) {
            encoded[31] |= (byte) 0x80;
        }
        return Base64.getUrlEncoder().withoutPadding().encodeToString(encoded);
    }
}
