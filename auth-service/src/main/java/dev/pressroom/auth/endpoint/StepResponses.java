package dev.pressroom.auth.endpoint;

import dev.pressroom.auth.flow.AuthorizationFlow;
import dev.pressroom.auth.flow.AuthorizeStep;
import dev.pressroom.auth.page.Brand;
import dev.pressroom.auth.page.Language;
import dev.pressroom.auth.page.Messages;
import dev.pressroom.auth.page.Pages;
import dev.pressroom.auth.page.Texts;
import dev.pressroom.auth.request.ClientMetadata;
import dev.pressroom.auth.store.PendingRequest;
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

    /**
     * The page speaks the authorization request's ui_locales when it named a language spoken here, else the
     * browser's Accept-Language.
     */
    public Response respond(AuthorizeStep step, String browserCsrf, String acceptLanguage) {
        Response.ResponseBuilder builder;
        String pageCsrf = null;
        if (step instanceof AuthorizeStep.Redirect r) {
            builder = Response.seeOther(r.location());
        } else if (step instanceof AuthorizeStep.SignIn s) {
            pageCsrf = s.pending().csrf();
            Language language = languageOf(s.pending(), acceptLanguage);
            Messages texts = Texts.of(language);
            builder = html(Texts.render(
                    Pages.signin(new Pages.SignInPage(
                            s.pending().id(),
                            pageCsrf,
                            s.client() == null
                                    ? texts.yourAccount(brand.productName())
                                    : s.client().name(),
                            s.email(),
                            signInError(s.error(), texts),
                            AuthorizationFlow.passkeyFirst(s.pending()),
                            AuthorizationFlow.passkeyOnly(s.pending()),
                            s.pending().confirmsIdentity())),
                    language));
            if (s.pending().request() != null) {
                builder.header(
                        CSP,
                        SecurityHeadersFilter.policyRedirectingTo(
                                s.pending().request().redirectUri()));
            }
        } else {
            AuthorizeStep.Consent c = (AuthorizeStep.Consent) step;
            pageCsrf = c.pending().csrf();
            Language language = languageOf(c.pending(), acceptLanguage);
            Messages texts = Texts.of(language);
            ClientMetadata.Links shown = c.client().linksShownOnConsent();
            builder = html(Texts.render(
                            Pages.consent(new Pages.ConsentPage(
                                    c.pending().id(),
                                    pageCsrf,
                                    c.client().name(),
                                    c.client().verified(),
                                    shown.logoUri(),
                                    shown.clientUri(),
                                    shown.policyUri(),
                                    shown.tosUri(),
                                    c.pending().request().redirectUri(),
                                    c.account().email(),
                                    lines(c.newScopes(), texts),
                                    lines(c.alreadyGranted(), texts))),
                            language))
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

    static List<Pages.ScopeLine> lines(Collection<String> scopes, Messages texts) {
        return Scopes.ordered(scopes).stream()
                .map(s -> new Pages.ScopeLine(s, Texts.scope(texts, s)))
                .toList();
    }

    private static Language languageOf(PendingRequest pending, String acceptLanguage) {
        return Language.choose(
                pending.request() == null ? null : pending.request().uiLocale(), acceptLanguage);
    }

    /** The message under the password field; how long to wait is said the same way whether the account exists. */
    static String signInError(AuthorizeStep.SignInError error, Messages texts) {
        if (error == null) {
            return null;
        }
        long seconds = error.waitSeconds();
        String wait = seconds <= 0
                ? null
                : seconds >= 120 ? texts.waitMinutes((seconds + 59) / 60) : texts.waitSeconds(seconds);
        String failure = switch (error.failure()) {
            case WRONG_PASSWORD -> texts.wrongPassword();
            case PASSKEY_REFUSED -> texts.passkeyRefused();
            case MUST_WAIT -> null;
        };
        if (failure == null) {
            return wait;
        }
        return wait == null ? failure : failure + " " + wait;
    }
}
