package dev.pressroom.auth.page;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.TestClients;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The pages in the person's language: Accept-Language, ui_locales carried through sign-in and consent (README). */
@QuarkusTest
class LanguagesResourceTest {

    private TestClients app;

    @BeforeEach
    void setUp() {
        app = TestClients.create();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "de-DE,de;q=0.9,en;q=0.8 | de | Anmelden    | Passwort     | weiter zu",
                "fr-FR,fr;q=0.9          | fr | Se connecter | Mot de passe | pour continuer vers",
                "es-ES,es;q=0.9          | es | Iniciar sesión | Contraseña | para continuar a",
                "ja,zh;q=0.5             | en | Sign in      | Password     | to continue to",
            })
    void signInWhenAcceptLanguageThenPageInThatLanguage(
            String header, String lang, String title, String password, String lead) {
        String page = new Browser()
                .language(header)
                .get("/oauth/authorize", app.authorizeParams("openid"))
                .asString();
        assertThat(page)
                .contains("<html lang=\"" + lang + "\">")
                .contains("<h1>" + title + "</h1>")
                .contains(">" + password + "</label>")
                .contains(lead + " <strong>App " + app.clientId + "</strong>");
    }

    @Test
    void signInWhenQValuesRankLanguagesThenHighestSpokenOne() {
        String page = new Browser()
                .language("it;q=1, en;q=0.2, es;q=0.7, fr;q=0.5")
                .get("/oauth/authorize", app.authorizeParams("openid"))
                .asString();
        assertThat(page).contains("<html lang=\"es\">");
    }

    @Test
    void authorizeWhenUiLocalesThenItBeatsAcceptLanguageOnSignInAndConsent() {
        Browser browser = new Browser().language("de");
        Map<String, String> params = new HashMap<>(app.authorizeParams("openid email"));
        params.put("ui_locales", "ja fr-CA de");
        Response signIn = browser.get("/oauth/authorize", params);
        assertThat(signIn.asString()).contains("<html lang=\"fr\">").contains("<h1>Se connecter</h1>");

        Response consent = browser.post("/signin", signInForm(signIn, TestClients.PASSWORD));
        assertThat(consent.asString())
                .contains("<html lang=\"fr\">")
                .contains("App " + app.clientId + " souhaite accéder à votre compte")
                .contains("adresse e-mail")
                .contains(">Autoriser</button>")
                .contains(">Refuser</button>");
    }

    @Test
    void signInWhenWrongPasswordUnderUiLocalesThenMessageInThatLanguage() {
        Map<String, String> params = new HashMap<>(app.authorizeParams("openid"));
        params.put("ui_locales", "es");
        Browser browser = new Browser();
        Response signIn = browser.get("/oauth/authorize", params);
        Response again = browser.post("/signin", signInForm(signIn, "wrong password"));
        assertThat(again.asString())
                .contains("<html lang=\"es\">")
                .contains("Correo electrónico o contraseña incorrectos.");
    }

    @Test
    void authorizeWhenUiLocalesNamesNoSpokenLanguageThenAcceptLanguage() {
        Map<String, String> params = new HashMap<>(app.authorizeParams("openid"));
        params.put("ui_locales", "ja x-<script> " + "%".repeat(1500));
        Response page = new Browser().language("de").get("/oauth/authorize", params);
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.asString()).contains("<html lang=\"de\">");
    }

    @Test
    void pagesWhenAcceptLanguageHugeOrGarbledThenAnsweredInEnglish() {
        String huge = "x-junk;q=0.9,".repeat(600) + "de";
        Response page = new Browser().language(huge).get("/oauth/authorize", app.authorizeParams("openid"));
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.asString()).contains("<html lang=\"en\">");

        Response garbled = new Browser().language(";;q=;,=\"de\u00e9").get("/account", Map.of());
        assertThat(garbled.statusCode()).isEqualTo(200);
        assertThat(garbled.asString()).contains("<html lang=\"en\">");
    }

    @Test
    void errorPageWhenAcceptLanguageThenTitleAndReasonInThatLanguage() {
        Response page = new Browser()
                .language("de")
                .get("/oauth/authorize", Map.of("client_id", "no-such-app", "redirect_uri", TestClients.REDIRECT));
        assertThat(page.statusCode()).isEqualTo(400);
        assertThat(page.asString())
                .contains("<html lang=\"de\">")
                .contains("<title>Unbekannte App · Pressroom-Konto</title>")
                .contains("Hier ist keine App mit dieser client_id registriert.");
    }

    @Test
    void errorPageWhenRequestMalformedThenLocalisedReasonAndTechnicalDetail() {
        Response page = new Browser()
                .language("fr")
                .getUrl("/oauth/authorize?client_id=" + app.clientId + "&client_id=" + app.clientId
                        + "&redirect_uri=x");
        assertThat(page.statusCode()).isEqualTo(400);
        assertThat(page.asString())
                .contains("<h1>Demande invalide</h1>")
                .contains("Pour les développeurs de l&#39;application :")
                .contains("<code>Parameter client_id must not be repeated.</code>");
    }

    @Test
    void accountAndSignOutWhenAcceptLanguageThenInThatLanguage() {
        Browser browser = new Browser().language("es");
        Response signIn = browser.get("/account", Map.of());
        assertThat(signIn.asString()).contains("para continuar a <strong>tu cuenta de Pressroom</strong>");
        browser.post("/signin", signInForm(signIn, TestClients.PASSWORD)).then().statusCode(303);
        assertThat(browser.get("/account", Map.of()).asString())
                .contains("<h2>Apps conectadas</h2>")
                .contains("No hay apps conectadas a tu cuenta.")
                .contains("Sesión iniciada</strong>")
                .contains(">Cerrar sesión</button>");
        assertThat(browser.get("/oauth/logout", Map.of()).asString())
                .contains("<h1>¿Cerrar sesión?</h1>")
                .contains("¿Quieres cerrar la sesión de tu cuenta de Pressroom?");
    }

    @Test
    void consentWhenAppNameHasMarkupThenEscapedOnceInsideTheMessage() {
        Admin.admin()
                .body(Map.of(
                        "client_name",
                        "<b>R&D</b> \"Reader\"",
                        "redirect_uris",
                        List.of(TestClients.REDIRECT),
                        "scope",
                        "openid",
                        "client_secret",
                        app.secret))
                .put("/admin/clients/" + app.clientId)
                .then()
                .statusCode(200);
        Browser browser = new Browser().language("de");
        Response signIn = browser.get("/oauth/authorize", app.authorizeParams("openid"));
        String consent = browser.post("/signin", signInForm(signIn, TestClients.PASSWORD))
                .asString();
        assertThat(consent)
                .contains("&lt;b&gt;R&amp;D&lt;/b&gt; &quot;Reader&quot; möchte auf Ihr Konto zugreifen")
                .doesNotContain("<b>R&D")
                .doesNotContain("&amp;lt;");
    }

    private Map<String, String> signInForm(Response page, String password) {
        return Map.of(
                "request",
                Browser.hidden(page, "request"),
                "csrf",
                Browser.hidden(page, "csrf"),
                "email",
                app.email,
                "password",
                password);
    }
}
