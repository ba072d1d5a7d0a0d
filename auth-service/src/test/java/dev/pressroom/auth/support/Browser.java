package dev.pressroom.auth.support;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import io.restassured.http.Cookie;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A browser for the provider's pages: keeps cookies, never follows redirects. */
public final class Browser {

    private final Map<String, String> cookies = new HashMap<>();
    private String forwardedFor;
    private String userAgent;
    private String acceptLanguage;

    /** This browser's requests come through the trusted test proxy from {@code address} (TrustedProxyProfile). */
    public Browser from(String address) {
        this.forwardedFor = address;
        return this;
    }

    /** This browser's User-Agent header. */
    public Browser userAgent(String value) {
        this.userAgent = value;
        return this;
    }

    /** This browser's Accept-Language header. */
    public Browser language(String value) {
        this.acceptLanguage = value;
        return this;
    }

    public Response get(String path, Map<String, ?> query) {
        return absorb(request().queryParams(query).get(path));
    }

    /** GET of a complete, already encoded URL (as an OIDC client library builds it). */
    public Response getUrl(String url) {
        return absorb(request().urlEncodingEnabled(false).get(url));
    }

    public Response post(String path, Map<String, ?> form) {
        return absorb(request().contentType(ContentType.URLENC).formParams(form).post(path));
    }

    public String cookie(String name) {
        return cookies.get(name);
    }

    public void setCookie(String name, String value) {
        cookies.put(name, value);
    }

    private RequestSpecification request() {
        RequestSpecification spec =
                given().redirects().follow(false).cookies(cookies).accept("text/html,application/xhtml+xml,*/*;q=0.8");
        if (userAgent != null) {
            spec.header("User-Agent", userAgent);
        }
        if (acceptLanguage != null) {
            spec.header("Accept-Language", acceptLanguage);
        }
        return forwardedFor == null ? spec : spec.header("X-Forwarded-For", forwardedFor);
    }

    private Response absorb(Response response) {
        for (Cookie c : response.getDetailedCookies()) {
            if (c.getMaxAge() == 0 || c.getValue().isEmpty()) {
                cookies.remove(c.getName());
            } else {
                cookies.put(c.getName(), c.getValue());
            }
        }
        return response;
    }

    /** The value of a hidden form input of an HTML page. */
    public static String hidden(Response page, String name) {
        Matcher m = Pattern.compile("name=\"" + Pattern.quote(name) + "\" value=\"([^\"]*)\"")
                .matcher(page.asString());
        if (!m.find()) {
            throw new AssertionError("No hidden input " + name + " in page:\n" + page.asString());
        }
        return m.group(1);
    }
}
