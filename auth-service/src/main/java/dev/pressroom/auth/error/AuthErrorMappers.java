package dev.pressroom.auth.error;

import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.auth.page.Language;
import dev.pressroom.auth.page.Messages;
import dev.pressroom.auth.page.Pages;
import dev.pressroom.auth.page.Problem;
import dev.pressroom.auth.page.Texts;
import dev.pressroom.auth.validate.RedirectUris;
import io.netty.channel.ConnectTimeoutException;
import io.vertx.sqlclient.ClosedConnectionException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.net.ConnectException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * Maps the OAuth error types. They are thrown only by the OAuth endpoints, so the kernel's envelope mappers
 * keep every other error while these three types always answer in the RFC shapes. PostgreSQL out of reach answers
 * like Redis out of reach: 503 temporarily_unavailable.
 */
public class AuthErrorMappers {

    private static final Logger LOG = Logger.getLogger(AuthErrorMappers.class);

    private final AuthConfig config;
    private final DatastoreErrors datastoreErrors;

    public AuthErrorMappers(AuthConfig config, DatastoreErrors datastoreErrors) {
        this.config = config;
        this.datastoreErrors = datastoreErrors;
    }

    /** PostgreSQL unreachable or the connection lost: counted, and 503 (the pool reconnects by itself). */
    @ServerExceptionMapper({
        ConnectException.class,
        ClosedConnectionException.class,
        ConnectTimeoutException.class,
        IOException.class
    })
    public Response postgresqlDown(Exception e, HttpHeaders headers) {
        datastoreErrors.postgresql(e);
        LOG.warnf("PostgreSQL unavailable: %s", e.toString());
        return oauth(DatastoreErrors.postgresqlUnavailable(), headers);
    }

    /** RFC 6749 §5.2 JSON; errors are never cached (RFC 6749 §5.1). */
    @ServerExceptionMapper
    public Response oauth(OAuthException e, HttpHeaders headers) {
        if (e.status() == 503 && wantsHtml(headers)) {
            return page(new ErrorPageException(503, Problem.UNAVAILABLE, null), headers);
        }
        Map<String, String> body = new LinkedHashMap<>();
        body.put("error", e.error());
        if (e.description() != null) {
            body.put("error_description", e.description());
        }
        Response.ResponseBuilder builder = Response.status(e.status())
                .type(MediaType.APPLICATION_JSON_TYPE)
                .header("Cache-Control", "no-store")
                .header("Pragma", "no-cache")
                .entity(body);
        if (e.challenge() != null) {
            builder.header("WWW-Authenticate", e.challenge());
        }
        if (e.dpopNonce() != null) {
            builder.header("DPoP-Nonce", e.dpopNonce());
        }
        if (e.status() == 503) {
            builder.header("Retry-After", "5");
        }
        return builder.build();
    }

    /** Browsers (the authorize endpoint and the forms) get the page; API clients the JSON. */
    private static boolean wantsHtml(HttpHeaders headers) {
        return headers.getAcceptableMediaTypes().stream()
                .anyMatch(t -> t.isCompatible(MediaType.TEXT_HTML_TYPE) && !t.isWildcardType());
    }

    /** RFC 6749 §4.1.2.1 with the RFC 9207 iss parameter. */
    @ServerExceptionMapper
    public Response redirect(AuthorizationRedirectException e) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("error", e.error());
        params.put("error_description", e.description());
        params.put("state", e.state());
        params.put("iss", config.issuer());
        return Response.status(303)
                .location(RedirectUris.withQuery(e.redirectUri(), params))
                .header("Cache-Control", "no-store")
                .build();
    }

    /** In the language the browser asks for (Accept-Language): the page may come before any request is read. */
    @ServerExceptionMapper
    public Response page(ErrorPageException e, HttpHeaders headers) {
        Language language = Language.choose(null, headers.getHeaderString(HttpHeaders.ACCEPT_LANGUAGE));
        Messages texts = Texts.of(language);
        Response.ResponseBuilder builder = Response.status(e.status());
        if (e.status() == 503) {
            builder.header("Retry-After", "5");
        }
        return builder.type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8"))
                .header("Cache-Control", "no-store")
                .entity(Texts.render(
                        Pages.error(e.problem().title(texts), e.problem().message(texts), e.detail()), language))
                .build();
    }
}
