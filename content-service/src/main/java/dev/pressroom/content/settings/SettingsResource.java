package dev.pressroom.content.settings;

import dev.pressroom.content.api.Answers;
import dev.pressroom.content.api.ContentRequest;
import dev.pressroom.content.api.Responses;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** GET /settings. */
@Path("/api/content/v1/blogs/{blog}/settings")
@Produces(MediaType.APPLICATION_JSON)
public class SettingsResource {

    private final Answers answers;
    private final SettingsService settings;

    public SettingsResource(Answers answers, SettingsService settings) {
        this.answers = answers;
        this.settings = settings;
    }

    @GET
    public Uni<Response> settings(
            @Context ContainerRequestContext context, @HeaderParam("If-None-Match") String ifNoneMatch) {
        return answers.answer(
                        ContentRequest.of(context).blog(),
                        "settings",
                        ifNoneMatch,
                        blog -> Uni.createFrom().item(settings.settings(blog)))
                .map(Responses::of);
    }
}
