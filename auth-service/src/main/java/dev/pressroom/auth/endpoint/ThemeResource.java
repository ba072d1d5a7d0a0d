package dev.pressroom.auth.endpoint;

import dev.pressroom.auth.page.Brand;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

/** The configured accent colour as a stylesheet: the pages' CSP allows styles from this host only, never inline. */
@Path("/theme.css")
public class ThemeResource {

    private final Brand brand;

    public ThemeResource(Brand brand) {
        this.brand = brand;
    }

    @GET
    public Response theme() {
        return Response.ok(brand.themeCss(), "text/css; charset=UTF-8")
                .header("Cache-Control", "public, max-age=300")
                .build();
    }
}
