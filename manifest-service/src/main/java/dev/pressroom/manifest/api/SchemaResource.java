package dev.pressroom.manifest.api;

import dev.pressroom.manifest.schema.ManifestSchema;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.CacheControl;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Publishes the manifest JSON Schema so that publishers can point {@code $schema} at it for editor completion. */
@Path("/v1/manifest.schema.json")
@Tag(name = "Schema")
public class SchemaResource {

    static final String SCHEMA_JSON = "application/schema+json";

    private final byte[] schema;
    private final EntityTag etag;

    public SchemaResource(ManifestSchema schema) {
        this.schema = schema.bytes();
        this.etag = new EntityTag(sha256(this.schema));
    }

    @GET
    @Produces({SCHEMA_JSON, MediaType.APPLICATION_JSON})
    @Operation(
            summary = "The manifest JSON Schema (draft-07)",
            description =
                    "Its $id is stable: " + "https://schemas.pressroom.dev/addon-manifest/v1/manifest.schema.json")
    public Response schema(@Context Request request) {
        CacheControl cache = new CacheControl();
        cache.setMaxAge(3600);
        Response.ResponseBuilder notModified = request.evaluatePreconditions(etag); // RFC 9110 §13.1.2
        if (notModified != null) {
            return notModified.cacheControl(cache).build();
        }
        return Response.ok(schema)
                .type(SCHEMA_JSON)
                .tag(etag)
                .cacheControl(cache)
                .build();
    }

    private static String sha256(byte[] bytes) {
        try {
            return Base64.getUrlEncoder()
                    .withoutPadding()
                    .encodeToString(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
