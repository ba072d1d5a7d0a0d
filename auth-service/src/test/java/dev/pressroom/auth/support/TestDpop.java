package dev.pressroom.auth.support;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jose.util.JSONObjectUtils;
import com.nimbusds.oauth2.sdk.dpop.DefaultDPoPProofFactory;
import com.nimbusds.oauth2.sdk.dpop.JWKThumbprintConfirmation;
import com.nimbusds.oauth2.sdk.token.DPoPAccessToken;
import com.nimbusds.openid.connect.sdk.Nonce;
import dev.pressroom.kernel.id.Tokens;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * A DPoP client: a key pair of its own, proofs made by Nimbus's DPoP factory (an implementation of RFC 9449
 * independent of ours) and, for hostile proofs, any header and claims signed with its key by Nimbus's JWS signers.
 */
public final class TestDpop {

    private final JWK key;
    private final JWSAlgorithm alg;
    private final JWSSigner signer;
    private final DefaultDPoPProofFactory factory;

    private TestDpop(JWK key, JWSAlgorithm alg, JWSSigner signer) {
        this.key = key;
        this.alg = alg;
        this.signer = signer;
        try {
            this.factory = new DefaultDPoPProofFactory(key, alg);
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    public static TestDpop es256() {
        try {
            ECKey key = new ECKeyGenerator(Curve.P_256).generate();
            return new TestDpop(key, JWSAlgorithm.ES256, new ECDSASigner(key));
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    public static TestDpop rsa(JWSAlgorithm alg) {
        try {
            RSAKey key = new RSAKeyGenerator(2048).generate();
            return new TestDpop(key, alg, new RSASSASigner(key));
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The RFC 7638 thumbprint as Nimbus computes it: the cnf.jkt a token bound to this key carries. */
    public String thumbprint() {
        try {
            return JWKThumbprintConfirmation.of(key).getValue().toString();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A proof for a token request (no access token). */
    public String proof(String htm, String htu) {
        try {
            return factory.createDPoPJWT(htm, URI.create(htu)).serialize();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A proof for a resource request with this access token (its ath). */
    public String proof(String htm, String htu, String accessToken) {
        try {
            return factory.createDPoPJWT(htm, URI.create(htu), new DPoPAccessToken(accessToken))
                    .serialize();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A proof carrying the server's nonce; {@code accessToken} null at the token endpoint. */
    public String proofWithNonce(String htm, String htu, String accessToken, String nonce) {
        try {
            return (accessToken == null
                            ? factory.createDPoPJWT(htm, URI.create(htu), new Nonce(nonce))
                            : factory.createDPoPJWT(
                                    htm, URI.create(htu), new DPoPAccessToken(accessToken), new Nonce(nonce)))
                    .serialize();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The header of a well-formed proof: typ, alg and this key's public JWK. */
    public Map<String, Object> header() {
        Map<String, Object> header = new LinkedHashMap<>();
        header.put("typ", "dpop+jwt");
        header.put("alg", alg.getName());
        header.put("jwk", key.toPublicJWK().toJSONObject());
        return header;
    }

    /** This key with its private members: what a careless client might put in the jwk header. */
    public Map<String, Object> privateJwk() {
        return key.toJSONObject();
    }

    /** The claims of a well-formed proof made now (a fresh jti). */
    public static Map<String, Object> claims(String htm, String htu) {
        Map<String, Object> claims = new LinkedHashMap<>();
        claims.put("jti", Tokens.random(16));
        claims.put("htm", htm);
        claims.put("htu", htu);
        claims.put("iat", Instant.now().getEpochSecond());
        return claims;
    }

    /** Any header and claims, signed with this key as the header's alg would not necessarily say. */
    public String signed(Map<String, Object> header, Map<String, Object> claims) {
        String input =
                base64url(JSONObjectUtils.toJSONString(header)) + "." + base64url(JSONObjectUtils.toJSONString(claims));
        try {
            return input + "." + signer.sign(new JWSHeader(alg), input.getBytes(StandardCharsets.US_ASCII));
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    /** An endpoint's URL as discovery publishes it (from the issuer): what a client's proofs name (RFC 9449 §4.3). */
    public static String url(String path) {
        return ConfigProvider.getConfig().getValue("auth.issuer", String.class) + path;
    }

    /** The code exchange of {@code app} (a confidential client) with these DPoP headers. */
    public static Response exchange(TestClients app, String code, List<String> proofs) {
        return withProofs(Admin.publicApi().auth().preemptive().basic(app.clientId, app.secret), proofs)
                .formParams(Map.of(
                        "grant_type",
                        "authorization_code",
                        "code",
                        code,
                        "redirect_uri",
                        TestClients.REDIRECT,
                        "code_verifier",
                        app.verifier))
                .post("/oauth/token");
    }

    /** User info with {@code Authorization: DPoP} and this proof, or none when null. */
    public static Response userInfo(String accessToken, String proof) {
        RequestSpecification request = Admin.publicApi().header("Authorization", "DPoP " + accessToken);
        return (proof == null ? request : request.header("DPoP", proof)).get("/oauth/userinfo");
    }

    /** One DPoP header per proof. */
    public static RequestSpecification withProofs(RequestSpecification request, List<String> proofs) {
        for (String proof : proofs) {
            request = request.header("DPoP", proof);
        }
        return request;
    }

    public static String base64url(String text) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }
}
