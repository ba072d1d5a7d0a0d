package dev.pressroom.auth.endpoint;

import dev.pressroom.auth.audit.Origin;
import io.vertx.core.http.HttpServerRequest;

/** The client's address for rate limits and audit events: the kernel's ({@link dev.pressroom.kernel.net.ClientAddress}). */
public final class ClientAddress {

    private ClientAddress() {}

    static String of(HttpServerRequest request) {
        return dev.pressroom.kernel.net.ClientAddress.of(request);
    }

    /** The request's origin for the audit log: this address and the User-Agent. */
    public static Origin origin(HttpServerRequest request) {
        return new Origin(of(request), request.getHeader("User-Agent"));
    }
}
