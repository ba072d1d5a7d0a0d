package dev.pressroom.auth.page;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateData;
import io.quarkus.qute.TemplateInstance;
import java.util.List;

/**
 * The server-rendered pages (templates under src/main/resources/templates/), checked at build time. Below both the
 * endpoints and the error mappers, which render the error page. Every page record is {@link TemplateData}: a native
 * executable has no reflection to fall back on for a member the build's template check did not register.
 */
@CheckedTemplate
public final class Pages {

    private Pages() {}

    public static native TemplateInstance signin(SignInPage page);

    public static native TemplateInstance consent(ConsentPage page);

    /** {@code detail}, the technical reason for the app's developers, may be null. */
    public static native TemplateInstance error(String title, String message, String detail);

    public static native TemplateInstance signedout(String clientName);

    public static native TemplateInstance logout(LogoutPage page);

    /**
     * {@code passkeyFirst}: the app asked for phishing-resistant sign-in (acr_values=phr), so the passkey is offered
     * above the password form, which stays: acr_values is a request, not a requirement (OIDC Core §3.1.2.1).
     * {@code passkeyOnly}: the app asked for acr "phr" as an essential claim (OIDC Core §5.5.1.1), which only a passkey
     * meets: no password form, and a way back to the app without signing in.
     * {@code confirmsIdentity}: a signed-in person confirms who they are before changing how they sign in.
     */
    @TemplateData
    public record SignInPage(
            String requestId,
            String csrf,
            String clientName,
            String email,
            String error,
            boolean passkeyFirst,
            boolean passkeyOnly,
            boolean confirmsIdentity) {}

    /**
     * {@code logoUri}, {@code homePage}, {@code policy} and {@code terms} are the client's own (https), each null
     * unless the client is verified (spec Authentication C.5).
     */
    @TemplateData
    public record ConsentPage(
            String requestId,
            String csrf,
            String clientName,
            boolean verified,
            String logoUri,
            String homePage,
            String policy,
            String terms,
            String redirectTo,
            String accountEmail,
            List<ScopeLine> scopes,
            List<ScopeLine> alreadyGranted) {}

    public static native TemplateInstance account(AccountPage page);

    /**
     * {@code resumeAdd}: the name of a passkey whose adding continues now that the person confirmed who they are (the
     * page's script starts the ceremony at once); null otherwise.
     */
    @TemplateData
    public record AccountPage(
            String name,
            String email,
            String csrf,
            List<PasskeyLine> passkeys,
            String resumeAdd,
            List<AppLine> apps,
            List<ActivityLine> activity) {}

    /** One of the person's passkeys: its id (for Remove), name, when added and last used ("never"). */
    @TemplateData
    public record PasskeyLine(String id, String name, String added, String lastUsed) {}

    /** One of the person's recent audit events; address and browser are null where the event has none. */
    @TemplateData
    public record ActivityLine(String when, String what, String address, String browser) {}

    @TemplateData
    public record AppLine(
            String clientId,
            String name,
            boolean verified,
            List<ScopeLine> scopes,
            String grantedAt,
            String lastUsed) {}

    @TemplateData
    public record LogoutPage(String csrf) {}

    @TemplateData
    public record ScopeLine(String scope, String text) {}
}
