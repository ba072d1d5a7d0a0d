package dev.pressroom.manifest.admission;

import dev.pressroom.manifest.pkg.PackageLimits;
import dev.pressroom.manifest.validation.ManifestValidator;

/**
 * How many bytes of memory a validation request may hold at its peak, estimated from its headers before its body is
 * read: the body twice (the HTTP layer's buffer and the byte[] the resource gets), the heap the manifest validator
 * needs for the largest manifest the request can carry, and a fixed allowance for the rest (report, routing, headers).
 *
 * <p>The manifest validator's peak heap, measured in-process (2026-11-27, engine at 573a651): 76 bytes per byte for a
 * hostile 1 MiB manifest (an array of half a million zeros), 15 for 1 MiB of empty objects; {@link
 * #HEAP_PER_MANIFEST_BYTE} rounds the worst up. A package's manifest is not known from the headers, but the engine
 * bounds it: at most 1 MiB is parsed, and an entry over {@link PackageLimits#RATIO_FLOOR} unpacks to at most
 * {@code maxRatio} times its compressed size, which the upload's size bounds.
 *
 * @param bodyLimit the HTTP body limit, the size assumed for a body sent without Content-Length
 * @param maxRatio the package compression-ratio limit (MANIFEST_PACKAGE_MAX_RATIO)
 */
public record RequestWeights(long bodyLimit, int maxRatio) {

    static final long HEAP_PER_MANIFEST_BYTE = 80;
    static final long BODY_COPIES = 2;
    static final long ALLOWANCE = 64 * 1024;
    /** Content-Length unknown (a chunked body). */
    public static final long UNKNOWN_LENGTH = -1;

    /** A manifest upload (POST /v1/manifests/validate): the body is the manifest. */
    public long manifestUpload(long contentLength) {
        long body = body(contentLength);
        return BODY_COPIES * body + HEAP_PER_MANIFEST_BYTE * Math.min(body, ManifestValidator.MAX_BYTES) + ALLOWANCE;
    }

    /**
     * A package upload, single or batch (or any other request with a body, so that no path spelling weighs less): one
     * manifest validated at a time, as large as the upload's size lets it unpack to.
     */
    public long packageUpload(long contentLength) {
        long body = body(contentLength);
        long manifest =
                Math.min(ManifestValidator.MAX_BYTES, Math.max(PackageLimits.RATIO_FLOOR, (long) maxRatio * body));
        return BODY_COPIES * body + HEAP_PER_MANIFEST_BYTE * manifest + ALLOWANCE;
    }

    private long body(long contentLength) {
        return contentLength < 0 ? bodyLimit : Math.min(contentLength, bodyLimit);
    }
}
