package dev.pressroom.auth.endpoint;

import io.vertx.core.http.HttpServerRequest;

/**
 * The client's address for rate limits. Behind an ingress, enable quarkus.http.proxy.proxy-address-forwarding
 * (AUTH_TRUST_PROXY=true) so Vert.x takes it from X-Forwarded-For; never trust that header otherwise.
 */
final class ClientAddress {

    private ClientAddress() {
    }

    static String of(HttpServerRequest request) {
        return request.remoteAddress() == null ? "unknown" : request.remoteAddress().hostAddress();
    }
}
