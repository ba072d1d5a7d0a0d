package dev.pressroom.auth.endpoint;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.auth.abuse.AbuseLimits;
import dev.pressroom.auth.client.ClientService;
import dev.pressroom.auth.client.Registrations;
import dev.pressroom.auth.flow.ClientDeregistration;
import dev.pressroom.auth.request.ClientMetadata;
import dev.pressroom.auth.request.RegistrationBody;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.DELETE;
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

/** Dynamic client registration (RFC 7591), open only to holders of an initial access token minted by staff. */
@Path("/oauth/register")
public class RegisterResource {

    private final ClientService clients;
    private final Registrations registrations;
    private final ObjectMapper json;
    private final AbuseLimits limits;

    private final ClientDeregistration deregistration;

    public RegisterResource(
            ClientService clients,
            Registrations registrations,
            ObjectMapper json,
            AbuseLimits limits,
            ClientDeregistration deregistration) {
        this.limits = limits;
        this.clients = clients;
        this.registrations = registrations;
        this.json = json;
        this.deregistration = deregistration;
    }

    @POST
    public Uni<Response> register(
            @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
            String body,
            @Context HttpServerRequest http) {
        String initialAccessToken = BearerToken.from(authorization);
        ClientMetadata.Valid metadata = RegistrationBody.registration(json, contentType, body);
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
                .map(client -> answer(new ClientService.Registered(client, null, null)));
    }

    /** RFC 7592 §2.2: the body repeats client_id and replaces the metadata; the answer carries a new token. */
    @PUT
    @Path("{clientId}")
    public Uni<Response> update(
            @PathParam("clientId") String clientId,
            @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
            String body,
            @Context HttpServerRequest http) {
        String token = BearerToken.from(authorization);
        ClientMetadata.Valid metadata = RegistrationBody.update(json, clientId, contentType, body);
        return clients.updateRegistration(clientId, token, metadata, ClientAddress.origin(http))
                .map(this::answer);
    }

    /** RFC 7592 §2.3: 204 once the client, its consents and its tokens are gone. */
    @DELETE
    @Path("{clientId}")
    public Uni<Response> delete(
            @PathParam("clientId") String clientId,
            @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
            @Context HttpServerRequest http) {
        return deregistration
                .deregister(clientId, BearerToken.from(authorization), ClientAddress.origin(http))
                .replaceWith(() -> TokenResource.noStore(Response.noContent()));
    }

    private Response answer(ClientService.Registered registered) {
        return TokenResource.noStore(Response.ok(registrations.describe(registered), MediaType.APPLICATION_JSON_TYPE));
    }
}
