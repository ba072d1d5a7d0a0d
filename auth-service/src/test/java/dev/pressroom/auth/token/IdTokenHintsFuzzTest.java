package dev.pressroom.auth.token;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.auth.keys.SigningKey;
import dev.pressroom.auth.support.TestHints;
import dev.pressroom.auth.support.TestKeys;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Coverage-guided fuzzing of id_token_hint reading: whatever arrives, {@link IdTokenHints#read} answers a hint or
 * empty and never throws, and a hint is answered only for a token signed with RS256 by a published key (the one its
 * kid names), issued by this issuer, with iat, exp and exactly one audience, and the hint says what the token says.
 */
class IdTokenHintsFuzzTest {

    private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Fixed kids, so the committed inputs can name them; the key material is new for every run. */
    private static final List<SigningKey> KEYS =
            List.of(generate("2026-11-24-current"), generate("2026-11-01-previous"), generate("2026-11-24-stranger"));
    /** The rotation's state: the current and the previous key are published, the stranger's key is not. */
    private static final IdTokenHints HINTS =
            new IdTokenHints(TestHints.ISSUER, () -> TestHints.jwks(KEYS.get(0), KEYS.get(1)));

    private static SigningKey generate(String kid) {
        try {
            return TestKeys.generate(kid);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Any text as a hint: the fuzzer cannot sign with our keys, so nothing it writes is a hint. */
    @FuzzTest
    void unsignedTextIsNeverAHint(byte[] input) {
        assertThat(HINTS.read(new String(input, StandardCharsets.UTF_8))).isEmpty();
    }

    /**
     * The input is a key choice (its first byte: current, previous or unpublished key), then the JWS header and the
     * claims as text, one per line; the test signs them with RS256 and the chosen key, whatever they say.
     */
    @FuzzTest
    void signedTokenIsAHintOnlyWhenGenuine(byte[] input) {
        if (input.length == 0) {
            return;
        }
        SigningKey key = KEYS.get(Byte.toUnsignedInt(input[0]) % KEYS.size());
        String text = new String(input, 1, input.length - 1, StandardCharsets.UTF_8);
        int split = text.indexOf('\n');
        String header = split < 0 ? text : text.substring(0, split);
        String claims = split < 0 ? "" : text.substring(split + 1);

        Optional<IdTokenHints.Hint> hint = HINTS.read(signed(key, header, claims));

        if (hint.isEmpty()) {
            return;
        }
        assertThat(key).as("signed by a published key").isNotSameAs(KEYS.get(2));
        JsonNode joseHeader;
        JsonNode token;
        try {
            joseHeader = JSON.readTree(header);
            token = JSON.readTree(claims);
        } catch (JsonProcessingException notStrictJson) {
            // The verifier reads strict JSON only, stricter than a plain ObjectMapper (no duplicate members).
            throw new AssertionError("A hint was read from a token whose header or claims are not JSON", notStrictJson);
        }
        assertThat(joseHeader.path("alg").textValue()).isEqualTo("RS256");
        if (joseHeader.has("kid")) {
            assertThat(joseHeader.get("kid").textValue()).isEqualTo(key.kid());
        }
        assertThat(token.path("iss").textValue()).isEqualTo(TestHints.ISSUER);
        assertThat(token.path("exp").isNumber()).as("exp present").isTrue();
        assertThat(token.path("iat").isNumber()).as("iat present").isTrue();
        assertThat(audiences(token.path("aud"))).containsExactly(hint.get().clientId());
        if (hint.get().subject() != null) {
            assertThat(token.path("sub").asText()).isEqualTo(hint.get().subject());
        }
        if (hint.get().sid() != null) {
            assertThat(token.path("sid").textValue()).isEqualTo(hint.get().sid());
        }
    }

    /** Guards the target against passing vacuously: the committed genuine inputs are hints, the others are not. */
    @ParameterizedTest
    @CsvSource({
        "current-key, true",
        "previous-key-expired, true",
        "unpublished-key, false",
        "kid-of-another-key, false",
        "wrong-alg-two-audiences, false"
    })
    void committedInputWhenReadThenHintOnlyForGenuineOnes(String name, boolean hint) throws Exception {
        byte[] input;
        try (InputStream in = getClass()
                .getResourceAsStream("IdTokenHintsFuzzTestInputs/signedTokenIsAHintOnlyWhenGenuine/" + name)) {
            input = in.readAllBytes();
        }
        String[] parts = new String(input, 1, input.length - 1, StandardCharsets.UTF_8).split("\n", 2);
        SigningKey key = KEYS.get(Byte.toUnsignedInt(input[0]) % KEYS.size());

        assertThat(HINTS.read(signed(key, parts[0], parts[1])).isPresent()).isEqualTo(hint);
    }

    private static String signed(SigningKey key, String header, String claims) {
        String signingInput = BASE64URL.encodeToString(header.getBytes(StandardCharsets.UTF_8)) + "."
                + BASE64URL.encodeToString(claims.getBytes(StandardCharsets.UTF_8));
        try (JdkRsaSigner signer = new JdkRsaSigner()) {
            return signingInput + "."
                    + BASE64URL.encodeToString(signer.sign(key, signingInput.getBytes(StandardCharsets.US_ASCII)));
        }
    }

    private static Set<String> audiences(JsonNode aud) {
        Set<String> audiences = new HashSet<>();
        if (aud.isTextual()) {
            audiences.add(aud.textValue());
        } else {
            aud.forEach(a -> audiences.add(a.asText()));
        }
        return audiences;
    }
}
