package dev.pressroom.manifest.api;

import dev.pressroom.kernel.error.ErrorEnvelope;
import dev.pressroom.manifest.report.ValidationResponse;
import jakarta.ws.rs.core.Application;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Components;
import org.eclipse.microprofile.openapi.annotations.OpenAPIDefinition;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.info.Info;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * The OpenAPI document's header, and the answers every validation endpoint gives: a report of a valid input
 * (warnings possible) or of an invalid one, and 503 when the validations in flight fill the admission budget. The endpoints refer to them by name. SmallRye OpenAPI reads the definition
 * from the JAX-RS application class; this one adds no resources of its own, so every resource is served as before.
 */
@OpenAPIDefinition(
        info =
                @Info(
                        title = "Pressroom manifest-service",
                        version = "1.0.0",
                        description = "Validates add-on manifests and packages for CI pipelines and publishers."),
        components =
                @Components(
                        responses = {
                            @APIResponse(
                                    name = OpenApiDocument.VALID,
                                    description = "Valid (warnings possible)",
                                    content =
                                            @Content(
                                                    mediaType = MediaType.APPLICATION_JSON,
                                                    schema = @Schema(implementation = ValidationResponse.class))),
                            @APIResponse(
                                    name = OpenApiDocument.INVALID,
                                    description = "Invalid: every error of the manifest or package, JSON syntax and"
                                            + " encoding errors included",
                                    content =
                                            @Content(
                                                    mediaType = MediaType.APPLICATION_JSON,
                                                    schema = @Schema(implementation = ValidationResponse.class))),
                            @APIResponse(
                                    name = OpenApiDocument.BUSY,
                                    description = "The validations in flight hold as much memory as the service allows;"
                                            + " retry after Retry-After seconds (error code service_busy)",
                                    headers =
                                            @Header(
                                                    name = "Retry-After",
                                                    description = "Seconds to wait before retrying",
                                                    schema = @Schema(type = SchemaType.INTEGER)),
                                    content =
                                            @Content(
                                                    mediaType = MediaType.APPLICATION_JSON,
                                                    schema = @Schema(implementation = ErrorEnvelope.class)))
                        }))
public class OpenApiDocument extends Application {

    static final String VALID = "ValidReport";
    static final String INVALID = "InvalidReport";
    static final String BUSY = "Busy";
}
