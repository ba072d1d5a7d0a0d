package dev.pressroom.auth.endpoint;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.auth.abuse.AbuseLimits;
import dev.pressroom.auth.client.ClientMetadata;
import dev.pressroom.auth.client.ClientService;
import dev.pressroom.auth.client.Registrations;
import dev.pressroom.auth.error.OAuthException;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Locale;

/** Dynamic client registration (RFC 7591), open only to holders of an initial access token minted by staff. */
@Path("/oauth/register")
public class RegisterResource {

    private final ClientService clients;
    private final Registrations registrations;
    private final ObjectMapper json;
    private final AbuseLimits limits;

    public RegisterResource(ClientService clients, Registrations registrations, ObjectMapper json, AbuseLimits limits) {
        this.limits = limits;
        this.clients = clients;
        this.registrations = registrations;
        this.json = json;
    }

    @POST
    public Uni<Response> register(
            @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
            String body,
            @Context HttpServerRequest http) {
        String initialAccessToken = BearerToken.from(authorization);
        ClientMetadata.Valid metadata = metadata(contentType, body);
        return limits.registration(ClientAddress.of(http))
                .chain(() -> clients.register(initialAccessToken, metadata, ClientAddress.origin(http)))
                .map(registered -> TokenResource.noStore(Response.status(201)
                        .entity(registrations.describe(registered))
                        .type(MediaType.APPLICATION_JSON_TYPE)));
    }

    /** RFC 7592 §2.1. */
    @GET
    @Path("{clientId}")
    public Uni<Response> read(
            @PathParam("clientId") String clientId, @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization) {
        return clients.readRegistration(clientId, BearerToken.from(authorization))
                .map(this::answer);
    }

    /** RFC 7592 §2.2: the body repeats client_id and replaces the metadata. */
    @PUT
    @Path("{clientId}")
    public Uni<Response> update(
            @PathParam("clientId") String clientId,
            @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
            String body,
            @Context HttpServerRequest http) {
        String token = BearerToken.from(authorization);
        ClientMetadata.Valid metadata = metadata(contentType, body);
        if (!clientId.equals(bodyClientId(body))) {
            throw new OAuthException(400, "invalid_client_metadata", "client_id in the body must match the URL.", null);
        }
        return clients.updateRegistration(clientId, token, metadata, ClientAddress.origin(http))
                .map(this::answer);
    }

    private Response answer(dev.pressroom.auth.client.Client client) {
        return TokenResource.noStore(Response.ok(
                registrations.describe(new ClientService.Registered(client, null, null)),
                MediaType.APPLICATION_JSON_TYPE));
    }

    private String bodyClientId(String body) {
        try {
            var node = json.readTree(body);
            return node.hasNonNull("client_id") ? node.get("client_id").asText() : null;
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    private ClientMetadata.Valid metadata(String contentType, String body) {
        if (contentType == null || !contentType.toLowerCase(Locale.ROOT).startsWith("application/json")) {
            throw new OAuthException(400, "invalid_client_metadata", "The body must be application/json.", null);
        }
        ClientMetadata metadata;
        try {
            metadata = json.readValue(body == null ? "" : body, ClientMetadata.class);
        } catch (JsonProcessingException e) {
            throw new OAuthException(
                    400, "invalid_client_metadata", "The body is not valid client metadata JSON.", null);
        }
        if (metadata == null) {
            throw new OAuthException(400, "invalid_client_metadata", "The body is empty.", null);
        }
        metadata.problem(false).ifPresent(p -> {
            throw new OAuthException(400, p.error(), p.description(), null);
        });
        return metadata.valid();
    }
}
