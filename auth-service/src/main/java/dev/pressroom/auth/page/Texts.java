package dev.pressroom.auth.page;

import dev.pressroom.auth.validate.Scopes;
import io.quarkus.qute.TemplateInstance;
import io.quarkus.qute.i18n.Localized;
import io.quarkus.qute.i18n.MessageBundles;

/** The pages' texts in one language, for the parts Java puts together (scopes, activity, sign-in errors). */
public final class Texts {

    private Texts() {}

    public static Messages of(Language language) {
        return MessageBundles.get(Messages.class, Localized.Literal.of(language.tag()));
    }

    /** A scope's consent wording (spec, Resources C). */
    public static String scope(Messages texts, String scope) {
        return switch (scope) {
            case Scopes.OPENID -> texts.scopeOpenid();
            case Scopes.PROFILE -> texts.scopeProfile();
            case Scopes.EMAIL -> texts.scopeEmail();
            case Scopes.ROLES -> texts.scopeRoles();
            case Scopes.LICENSES_READ -> texts.scopeLicenses();
            case Scopes.OFFLINE_ACCESS -> texts.scopeOfflineAccess();
            default -> scope;
        };
    }

    /** Renders a page in the language: its {@code msg:} texts and its {@code <html lang>}. */
    public static String render(TemplateInstance page, Language language) {
        return page.setLocale(language.locale()).render();
    }
}
