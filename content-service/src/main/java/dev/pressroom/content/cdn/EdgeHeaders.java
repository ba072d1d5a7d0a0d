package dev.pressroom.content.cdn;

/** The caching header fields of one successful answer: its Cache-Control and, when keys are on, its key header. */
public record EdgeHeaders(String cacheControl, String keyHeader, String keys) {

    public boolean hasKeys() {
        return keyHeader != null && keys != null;
    }
}
