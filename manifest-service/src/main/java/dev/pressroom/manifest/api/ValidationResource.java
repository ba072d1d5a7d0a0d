package dev.pressroom.manifest.api;

import dev.pressroom.kernel.error.ApiException;
import dev.pressroom.kernel.error.ErrorResponses;
import dev.pressroom.manifest.api.ValidationMetrics.Kind;
import dev.pressroom.manifest.config.ManifestConfig;
import dev.pressroom.manifest.pkg.PackageNames;
import dev.pressroom.manifest.pkg.PackageValidator;
import dev.pressroom.manifest.report.BatchReport;
import dev.pressroom.manifest.report.ReportFormat;
import dev.pressroom.manifest.validation.ManifestValidator;
import dev.pressroom.manifest.validation.ValidationReport;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestForm;
import org.jboss.resteasy.reactive.multipart.FileUpload;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** The two validation endpoints. CPU-bound work, so they run on worker threads (non-reactive signatures). */
@Path("/v1")
@Tag(name = "Validation", description = "Validate add-on manifests and packages before publishing.")
public class ValidationResource {

    static final String ZIP = "application/zip";
    static final String ZIP_WINDOWS = "application/x-zip-compressed";

    private final ManifestValidator manifests;
    private final PackageValidator packages;
    private final ManifestConfig config;
    private final ValidationMetrics metrics;

    public ValidationResource(
            ManifestValidator manifests, PackageValidator packages, ManifestConfig config, ValidationMetrics metrics) {
        this.manifests = manifests;
        this.packages = packages;
        this.config = config;
        this.metrics = metrics;
    }

    @POST
    @Path("/manifests/validate")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces({MediaType.APPLICATION_JSON, MediaType.TEXT_PLAIN, ReportFormat.SARIF_TYPE})
    @Operation(
            summary = "Validate a manifest.json",
            description = "Reports every violation with JSON Pointer, rule id, message, line and column. "
                    + "Accept: application/json (default), text/plain (manifest.json:LINE:COL: error [rule] message) "
                    + "or application/sarif+json (SARIF 2.1.0).")
    @RequestBody(
            required = true,
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema =
                                    @Schema(
                                            ref =
                                                    "https://schemas.pressroom.dev/addon-manifest/v1/manifest.schema.json")))
    @APIResponse(responseCode = "200", ref = OpenApiDocument.VALID)
    @APIResponse(responseCode = "422", ref = OpenApiDocument.INVALID)
    @APIResponse(responseCode = "413", description = "Body over 1 MiB")
    @APIResponse(responseCode = "415", description = "Content-Type is not application/json")
    @APIResponse(responseCode = "503", ref = OpenApiDocument.BUSY)
    public Response validateManifest(
            byte[] body,
            @Parameter(description = "File name used in text and SARIF output, e.g. addons/coach/manifest.json")
                    @QueryParam("file")
                    String file,
            @Context HttpHeaders headers,
            @Context RoutingContext request) {
        return AdmittedWork.run(request, () -> manifestReport(body, file, headers));
    }

    @POST
    @Path("/packages/validate")
    @Consumes({ZIP, ZIP_WINDOWS})
    @Produces({MediaType.APPLICATION_JSON, MediaType.TEXT_PLAIN, ReportFormat.SARIF_TYPE})
    @Operation(
            summary = "Validate a whole add-on package (zip)",
            description =
                    "The manifest report plus package checks: entry and icon exist, icon is a real PNG/SVG of about "
                            + "256x256, README.md fallback, no unsafe or symlinked entries, zip-bomb limits.")
    @RequestBody(required = true, content = @Content(mediaType = ZIP))
    @APIResponse(responseCode = "200", ref = OpenApiDocument.VALID)
    @APIResponse(responseCode = "422", ref = OpenApiDocument.INVALID)
    @APIResponse(responseCode = "413", description = "Body over the package size limit")
    @APIResponse(responseCode = "415", description = "Content-Type is not application/zip")
    @APIResponse(responseCode = "503", ref = OpenApiDocument.BUSY)
    public Response validatePackage(byte[] body, @Context HttpHeaders headers, @Context RoutingContext request) {
        return AdmittedWork.run(request, () -> packageReport(body, headers));
    }

    @POST
    @Path("/packages/validate")
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    @Produces({MediaType.APPLICATION_JSON, MediaType.TEXT_PLAIN, ReportFormat.SARIF_TYPE})
    @Operation(
            summary = "Validate several add-on packages in one request (batch)",
            description = "multipart/form-data with one file part named \"package\" per zip (at most "
                    + "MANIFEST_BATCH_MAX_PACKAGES). Answers {valid, summary, results: [{input, valid, errors, warnings}]},"
                    + " each package named by its part's file name; 200 when all are valid, 422 otherwise.")
    @APIResponse(responseCode = "200", description = "Every package is valid (warnings possible)")
    @APIResponse(responseCode = "422", description = "At least one package is invalid")
    @APIResponse(responseCode = "400", description = "No package part, too many, or a missing or repeated file name")
    @APIResponse(responseCode = "413", description = "A package over the package size limit")
    @APIResponse(responseCode = "503", ref = OpenApiDocument.BUSY)
    public Response validatePackages(
            @RestForm(BatchUploads.PART) List<FileUpload> parts,
            @Context HttpHeaders headers,
            @Context RoutingContext request) {
        return AdmittedWork.run(request, () -> batchReport(parts, headers));
    }

    private Response manifestReport(byte[] body, String file, HttpHeaders headers) {
        ReportFormat format = AcceptNegotiation.negotiate(headers);
        requireAtMost(body, ManifestValidator.MAX_BYTES, Kind.MANIFEST);
        ValidationReport report = manifests.validate(body, fileName(file), null);
        metrics.validated(Kind.MANIFEST, body.length, report);
        return ReportWriter.write(report, format);
    }

    private Response packageReport(byte[] body, HttpHeaders headers) {
        ReportFormat format = AcceptNegotiation.negotiate(headers);
        requireAtMost(body, config.pkg().maxBytes(), Kind.PACKAGE);
        ValidationReport report = packages.validate(body);
        metrics.validated(Kind.PACKAGE, body.length, report);
        return ReportWriter.write(report, format);
    }

    private Response batchReport(List<FileUpload> parts, HttpHeaders headers) {
        ReportFormat format = AcceptNegotiation.negotiate(headers);
        List<BatchReport.Item> items = new ArrayList<>();
        for (BatchUploads.Upload upload : BatchUploads.read(
                parts, config.batch().maxPackages(), config.pkg().maxBytes())) {
            ValidationReport report = packages.validate(upload.bytes(), PackageNames.ofZip(upload.name()));
            metrics.validated(Kind.PACKAGE, upload.bytes().length, report);
            items.add(new BatchReport.Item(upload.name(), report));
        }
        return ReportWriter.write(new BatchReport(items), format);
    }

    /**
     * A body the multipart parser cannot read (no boundary, cut short) fails before the method runs, with an
     * IOException that would otherwise be a 500: it is the caller's malformed request. Scoped to this resource.
     */
    @ServerExceptionMapper
    public Response malformedBody(IOException e) {
        return ErrorResponses.of(ApiException.badRequest(
                "invalid_batch",
                "The multipart/form-data body is malformed: parts must be delimited by the Content-Type's"
                        + " boundary and the body must end with the closing delimiter."));
    }

    private void requireAtMost(byte[] body, int limit, Kind kind) {
        if (body.length > limit) {
            metrics.rejected(kind, body.length);
            throw new ApiException(
                    413,
                    "RequestEntityTooLargeError",
                    "payload_too_large",
                    "The " + kind.name().toLowerCase(Locale.ROOT) + " is " + body.length + " bytes; the limit is "
                            + limit + " bytes.");
        }
    }

    /** The name shown in text and SARIF reports; a path as a repository would name it, never interpreted. */
    private static String fileName(String file) {
        if (file == null) {
            return ManifestValidator.FILE;
        }
        boolean printable =
                !file.isEmpty() && file.length() <= 300 && file.chars().noneMatch(c -> c < 0x20 || c == 0x7F);
        if (!printable) {
            throw ApiException.badRequest("invalid_file", "The file parameter must be 1 to 300 printable characters.");
        }
        return file;
    }
}
