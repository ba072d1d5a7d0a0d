package dev.pressroom.content.api;

import dev.pressroom.content.blog.Blog;
import jakarta.ws.rs.container.ContainerRequestContext;

/**
 * A request the gate let through: its blog and the value of Access-Control-Allow-Origin (the request's origin when
 * the key lists allowed sites, else *).
 */
public record ContentRequest(Blog blog, String allowOrigin) {

    static final String PROPERTY = ContentRequest.class.getName();

    public static ContentRequest of(ContainerRequestContext context) {
        return (ContentRequest) context.getProperty(PROPERTY);
    }
}
