package dev.pressroom.content.api;

import dev.pressroom.content.cdn.EdgeHeaders;

/** A successful answer: its entity tag and its body, or no body for 304 Not Modified, and its caching headers. */
// The body is written out as is and never compared: an array keeps the cached bytes uncopied.
@SuppressWarnings("ArrayRecordComponent")
public record Answer(String etag, byte[] body, EdgeHeaders edge) {

    public boolean notModified() {
        return body == null;
    }
}
