package dev.pressroom.auth.request;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.auth.error.OAuthException;
import java.util.Locale;

/**
 * The JSON body of dynamic client registration (RFC 7591 §3.1) and of its update (RFC 7592 §2.2), read into
 * validated client metadata. Every refusal is an RFC 7591 §3.2.2 error.
 */
public final class RegistrationBody {

    private RegistrationBody() {}

    /** RFC 7591 §3.1: a new client's metadata. */
    public static ClientMetadata.Valid registration(ObjectMapper json, String contentType, String body) {
        return read(json, contentType, body).registered();
    }

    /** RFC 7592 §2.2: the body replaces the metadata and repeats the client_id of the URL. */
    public static ClientMetadata.Valid update(ObjectMapper json, String clientId, String contentType, String body) {
        ClientMetadata metadata = read(json, contentType, body);
        ClientMetadata.Valid valid = metadata.registered();
        if (!clientId.equals(metadata.client_id())) {
            throw invalid("client_id in the body must match the URL.");
        }
        return valid;
    }

    private static ClientMetadata read(ObjectMapper json, String contentType, String body) {
        if (contentType == null || !contentType.toLowerCase(Locale.ROOT).startsWith("application/json")) {
            throw invalid("The body must be application/json.");
        }
        ClientMetadata metadata;
        try {
            metadata = json.readValue(body == null ? "" : body, ClientMetadata.class);
        } catch (JsonProcessingException e) {
            throw invalid("The body is not valid client metadata JSON.");
        }
        if (metadata == null) {
            throw invalid("The body is empty.");
        }
        return metadata;
    }

    private static OAuthException invalid(String description) {
        return new OAuthException(400, "invalid_client_metadata", description, null);
    }
}
