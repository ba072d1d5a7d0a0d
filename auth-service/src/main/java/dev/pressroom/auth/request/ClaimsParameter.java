package dev.pressroom.auth.request;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.auth.account.StandardClaims;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The claims request parameter (OIDC Core §5.5), read: the claims asked for one by one ({@link RequestedClaims},
 * unknown ones ignored), the acr values asked for as essential for the ID token (§5.5.1.1; null when acr is not
 * essential or names no value) and the sub the ID token must be about (§3.1.2.2; null when not asked for).
 *
 * <p>Like every parameter it is at most {@link Params#MAX_LENGTH} characters; it must be a JSON object with a
 * {@code userinfo} or {@code id_token} member, each an object whose members are null or an object, where
 * {@code essential} is a boolean and {@code values} an array. Anything else is {@link Invalid} (invalid_request,
 * §3.1.2.6). Other top-level members and other members of a claim's object (extensions) are ignored.
 */
@RegisterForReflection
public record ClaimsParameter(RequestedClaims requested, List<String> essentialAcr, String subject) {

    public static final ClaimsParameter NONE = new ClaimsParameter(RequestedClaims.NONE, null, null);

    private static final String USERINFO = "userinfo";
    private static final String ID_TOKEN = "id_token";

    /** Duplicate members are ambiguous, so refused; 2,048 characters need no deeper nesting than this. */
    private static final ObjectMapper JSON = new ObjectMapper(JsonFactory.builder()
            .enable(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .streamReadConstraints(
                    StreamReadConstraints.builder().maxNestingDepth(8).build())
            .build());

    public ClaimsParameter {
        requested = requested == null ? RequestedClaims.NONE : requested;
        essentialAcr = essentialAcr == null ? null : List.copyOf(essentialAcr);
    }

    /** A claims parameter that is not what §5.5 describes; the message is the error_description. */
    public static final class Invalid extends RuntimeException {
        Invalid(String message) {
            super(message, null, false, false);
        }
    }

    /** The parameter read; null or empty is {@link #NONE}. */
    public static ClaimsParameter parse(String text) {
        if (text == null || text.isEmpty()) {
            return NONE;
        }
        JsonNode root;
        try (JsonParser parser = JSON.createParser(text)) {
            root = JSON.readTree(parser);
            if (parser.nextToken() != null) {
                throw new Invalid("claims must be one JSON object.");
            }
        } catch (IOException e) {
            throw new Invalid("claims is not valid JSON.");
        }
        if (root == null || !root.isObject()) {
            throw new Invalid("claims must be a JSON object.");
        }
        JsonNode userInfo = root.get(USERINFO);
        JsonNode idToken = root.get(ID_TOKEN);
        if (userInfo == null && idToken == null) {
            throw new Invalid("claims must have a userinfo or id_token member.");
        }
        List<String> forUserInfo = member(userInfo, USERINFO);
        List<String> forIdToken = member(idToken, ID_TOKEN);
        return new ClaimsParameter(
                new RequestedClaims(forIdToken, forUserInfo),
                idToken == null ? null : essentialAcr(idToken.get("acr")),
                idToken == null ? null : subject(idToken.get("sub")));
    }

    /** The claims of one member that this provider releases there, after checking every entry's form. */
    private static List<String> member(JsonNode member, String name) {
        if (member == null) {
            return List.of();
        }
        if (!member.isObject()) {
            throw new Invalid("claims." + name + " must be an object.");
        }
        List<String> known = new ArrayList<>();
        for (Map.Entry<String, JsonNode> claim : member.properties()) {
            JsonNode request = claim.getValue();
            if (!request.isNull() && !request.isObject()) {
                throw new Invalid("Each claim in claims." + name + " must be null or an object.");
            }
            if (request.isObject()) {
                JsonNode essential = request.get("essential");
                if (essential != null && !essential.isBoolean()) {
                    throw new Invalid("essential in claims." + name + " must be true or false.");
                }
                JsonNode values = request.get("values");
                if (values != null && !values.isArray()) {
                    throw new Invalid("values in claims." + name + " must be an array.");
                }
            }
            if (StandardClaims.releasedIn(claim.getKey(), USERINFO.equals(name))) {
                known.add(claim.getKey());
            }
        }
        return known;
    }

    /** §5.5.1.1: acr asked for as essential with value or values; these are then the only acceptable answers. */
    private static List<String> essentialAcr(JsonNode acr) {
        if (acr == null || !acr.isObject() || !acr.path("essential").asBoolean(false)) {
            return null;
        }
        Set<String> accepted = new LinkedHashSet<>();
        JsonNode value = acr.get("value");
        if (value != null) {
            accepted.add(text(value, "value of claims.id_token.acr must be a string."));
        }
        JsonNode values = acr.get("values");
        if (values != null) {
            for (JsonNode v : values) {
                accepted.add(text(v, "values of claims.id_token.acr must be strings."));
            }
        }
        return value == null && values == null ? null : List.copyOf(accepted);
    }

    /** §3.1.2.2: sub asked for with a value: an ID token about anyone else must not be issued. */
    private static String subject(JsonNode sub) {
        JsonNode value = sub == null || !sub.isObject() ? null : sub.get("value");
        return value == null ? null : text(value, "value of claims.id_token.sub must be a string.");
    }

    private static String text(JsonNode node, String message) {
        if (!node.isTextual()) {
            throw new Invalid(message);
        }
        return node.textValue();
    }
}
