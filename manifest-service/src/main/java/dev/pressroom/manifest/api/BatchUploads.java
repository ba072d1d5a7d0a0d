package dev.pressroom.manifest.api;

import dev.pressroom.kernel.error.ApiException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jboss.resteasy.reactive.multipart.FileUpload;

/**
 * The parts of a batch upload (multipart/form-data, one {@code package} file part per add-on) as named zips, or a
 * 400/413 in the platform envelope: no part, too many, a name that is not 1-300 printable characters or is repeated
 * (reports name each package by it), a package over the size limit.
 */
final class BatchUploads {

    static final String PART = "package";

    /** A zip as uploaded, named by the part's file name. */
    // Read once and validated; never compared or used as a key, so array identity in equals() does not matter.
    @SuppressWarnings("ArrayRecordComponent")
    record Upload(String name, byte[] bytes) {}

    private BatchUploads() {}

    static List<Upload> read(List<FileUpload> parts, int maxPackages, int maxBytes) {
        if (parts == null || parts.isEmpty()) {
            throw ApiException.badRequest(
                    "invalid_batch", "Send each package as a file part named \"" + PART + "\" (multipart/form-data).");
        }
        if (parts.size() > maxPackages) {
            throw ApiException.badRequest(
                    "invalid_batch",
                    "The batch has " + parts.size() + " packages; the limit is " + maxPackages + " per request.");
        }
        List<Upload> uploads = new ArrayList<>(parts.size());
        Set<String> names = new HashSet<>();
        for (FileUpload part : parts) {
            String name = part.fileName();
            if (name == null
                    || name.isEmpty()
                    || name.length() > 300
                    || name.chars().anyMatch(c -> c < 0x20 || c == 0x7F)) {
                throw ApiException.badRequest(
                        "invalid_file", "Each package part needs a file name of 1 to 300 printable characters.");
            }
            if (!names.add(name)) {
                throw ApiException.badRequest(
                        "invalid_file", "Two package parts are named \"" + name + "\"; reports name packages by it.");
            }
            if (part.size() > maxBytes) {
                throw new ApiException(
                        413,
                        "RequestEntityTooLargeError",
                        "payload_too_large",
                        "The package \"" + name + "\" is " + part.size() + " bytes; the limit is " + maxBytes
                                + " bytes.");
            }
            uploads.add(new Upload(name, bytes(part)));
        }
        return uploads;
    }

    private static byte[] bytes(FileUpload part) {
        try {
            return Files.readAllBytes(part.uploadedFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
