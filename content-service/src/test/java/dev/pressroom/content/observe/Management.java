package dev.pressroom.content.observe;

import static io.restassured.RestAssured.given;

import io.restassured.specification.RequestSpecification;
import org.eclipse.microprofile.config.ConfigProvider;

/** Requests to the management interface (health, metrics), which listens on its own port. */
public final class Management {

    private Management() {}

    public static RequestSpecification management() {
        return given().port(ConfigProvider.getConfig().getValue("quarkus.management.test-port", Integer.class));
    }
}
