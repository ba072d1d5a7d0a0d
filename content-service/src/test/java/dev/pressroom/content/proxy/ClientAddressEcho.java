package dev.pressroom.content.proxy;

import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;

/** Test-only: the client address as Vert.x resolved it, after any X-Forwarded-For it believed. */
@Path(ClientAddressEcho.PATH)
public class ClientAddressEcho {

    /** Also its metrics label: the one route the tests add. */
    public static final String PATH = "/test/client-address";

    @GET
    public String address(HttpServerRequest request) {
        return request.remoteAddress().hostAddress();
    }
}
