package dev.pressroom.content.cdn;

/**
 * The two ways CDNs take surrogate keys and purges: Fastly's ({@code Surrogate-Key}, space-separated; a batch purge
 * with the keys in the same header) and Cloudflare's ({@code Cache-Tag}, comma-separated; a purge of JSON
 * {@code {"tags": [...]}}). Each API's largest batch is the default batch size.
 */
public enum CdnStyle {
    OFF(null, "", 0),
    /** docs.fastly.com, Surrogate-Key and "Purge multiple surrogate keys": at most 256 keys a call. */
    FASTLY("Surrogate-Key", " ", 256),
    /** developers.cloudflare.com, "Purge cache by cache-tags": at most 100 tags a call. */
    CLOUDFLARE("Cache-Tag", ",", 100);

    private final String header;
    private final String separator;
    private final int maxBatch;

    CdnStyle(String header, String separator, int maxBatch) {
        this.header = header;
        this.separator = separator;
        this.maxBatch = maxBatch;
    }

    /** The response header that carries the keys; null when off. */
    public String header() {
        return header;
    }

    public String separator() {
        return separator;
    }

    public int maxBatch() {
        return maxBatch;
    }
}
