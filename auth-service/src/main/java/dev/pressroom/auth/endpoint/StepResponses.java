package dev.pressroom.auth.endpoint;

import dev.pressroom.auth.flow.AuthorizeStep;
import dev.pressroom.auth.page.Brand;
import dev.pressroom.auth.page.Pages;
import dev.pressroom.auth.validate.Scopes;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Collection;
import java.util.List;

/** Turns an authorization step into the browser's answer: a redirect, the sign-in page or the consent page. */
@ApplicationScoped
public class StepResponses {

    private static final String CSP = "Content-Security-Policy";

    private final Cookies cookies;
    private final Brand brand;

    public StepResponses(Cookies cookies, Brand brand) {
        this.cookies = cookies;
        this.brand = brand;
    }

    public Response respond(AuthorizeStep step, String browserCsrf) {
        Response.ResponseBuilder builder;
        String pageCsrf = null;
        if (step instanceof AuthorizeStep.Redirect r) {
            builder = Response.seeOther(r.location());
        } else if (step instanceof AuthorizeStep.SignIn s) {
            pageCsrf = s.pending().csrf();
            builder = html(Pages.signin(new Pages.SignInPage(
                            s.pending().id(),
                            pageCsrf,
                            s.client() == null
                                    ? "your " + brand.accountName()
                                    : s.client().name(),
                            s.email(),
                            s.error()))
                    .render());
            if (s.pending().request() != null) {
                builder.header(
                        CSP,
                        SecurityHeadersFilter.policyRedirectingTo(
                                s.pending().request().redirectUri()));
            }
        } else {
            AuthorizeStep.Consent c = (AuthorizeStep.Consent) step;
            pageCsrf = c.pending().csrf();
            builder = html(Pages.consent(new Pages.ConsentPage(
                                    c.pending().id(),
                                    pageCsrf,
                                    c.client().name(),
                                    c.client().verified(),
                                    c.pending().request().redirectUri(),
                                    c.account().email(),
                                    lines(c.newScopes()),
                                    lines(c.alreadyGranted())))
                            .render())
                    .header(
                            CSP,
                            SecurityHeadersFilter.policyRedirectingTo(
                                    c.pending().request().redirectUri()));
        }
        if (step.newSessionCookie() != null) {
            builder.header(HttpHeaders.SET_COOKIE, cookies.newSession(step.newSessionCookie()));
        }
        if (pageCsrf != null && !pageCsrf.equals(browserCsrf)) {
            builder.header(HttpHeaders.SET_COOKIE, cookies.newCsrf(pageCsrf));
        }
        return builder.build();
    }

    static Response.ResponseBuilder html(String page) {
        return Response.ok(page, MediaType.TEXT_HTML_TYPE.withCharset("UTF-8"));
    }

    static List<Pages.ScopeLine> lines(Collection<String> scopes) {
        return Scopes.ordered(scopes).stream()
                .map(s -> new Pages.ScopeLine(s, Scopes.CONSENT_TEXT.get(s)))
                .toList();
    }
}
