package dev.pressroom.auth.page;

import io.quarkus.qute.i18n.Message;
import io.quarkus.qute.i18n.MessageBundle;

/**
 * Every text of the pages, in English; the other languages are {@code messages/msg_<tag>.properties}, one line per
 * method (README, "Languages"). Templates read them as {@code {msg:signIn}}; Java code through {@link Texts}. A
 * translation that lacks a key falls back to the English here, and {@code MessagesTest} fails the build until it
 * is added.
 */
@MessageBundle(value = "msg", locale = "en")
public interface Messages {

    /** The {@code <html lang>} of the page: proves which bundle rendered it. */
    @Message("en")
    String languageTag();

    @Message("{product} account")
    String accountName(String product);

    // Sign-in

    @Message("Sign in")
    String signIn();

    @Message("to continue to")
    String continueTo();

    @Message("your {product} account")
    String yourAccount(String product);

    @Message("Email")
    String email();

    @Message("Password")
    String password();

    @Message("Wrong email or password.")
    String wrongPassword();

    @Message("Too many failed sign-ins: wait {minutes} minutes before trying again.")
    String waitMinutes(long minutes);

    @Message(
            "Too many failed sign-ins: wait {seconds} {#if seconds == 1}second{#else}seconds{/if} before trying again.")
    String waitSeconds(long seconds);

    // Consent

    @Message("Allow access")
    String allowAccess();

    @Message("{client} wants to access your account")
    String wantsAccess(String client);

    @Message("Verified app")
    String verifiedApp();

    @Message("{product} checked who runs this app and where it sends you. This is not an endorsement.")
    String verifiedExplained(String product);

    @Message("Verified means we checked who is asking; it is not an endorsement.")
    String verifiedNote();

    @Message("Website")
    String clientHomePage();

    @Message("Privacy policy")
    String clientPolicy();

    @Message("Terms of service")
    String clientTerms();

    @Message("This app is not verified. After you answer you will be sent to this address:")
    String unverifiedWarning();

    @Message("Continue only if you trust it.")
    String unverifiedTrust();

    @Message("Signed in as")
    String signedInAs();

    @Message("It asks to")
    String itAsksTo();

    @Message("You already allowed")
    String alreadyAllowed();

    @Message("Allow")
    String allow();

    @Message("Deny")
    String deny();

    @Message("sign in with the account")
    String scopeOpenid();

    @Message("name and profile picture")
    String scopeProfile();

    @Message("email address")
    String scopeEmail();

    @Message("roles for this app")
    String scopeRoles();

    @Message("licenses")
    String scopeLicenses();

    @Message("stay connected while away")
    String scopeOfflineAccess();

    // Account home

    @Message("Your account")
    String yourAccountTitle();

    @Message("Hello, {name}")
    String hello(String name);

    @Message("Connected apps")
    String connectedApps();

    @Message("Can:")
    String appCan();

    @Message("Allowed {granted}; last used {lastUsed}.")
    String allowedWhen(String granted, String lastUsed);

    @Message("never")
    String never();

    @Message("Remove")
    String remove();

    @Message("Remove {app}")
    String removeApp(String app);

    @Message("No apps are connected to your account.")
    String noApps();

    @Message("Recent activity")
    String recentActivity();

    @Message("No recent activity.")
    String noActivity();

    @Message("from {address}")
    String fromAddress(String address);

    @Message("Signed in")
    String activitySignedIn();

    @Message("Signed in to {app}")
    String activitySignedInTo(String app);

    @Message("Sign-in refused: too many failed attempts, had to wait")
    String activityThrottled();

    @Message("Sign-in refused: locked after too many failed attempts")
    String activityLocked();

    @Message("Failed sign-in: wrong password")
    String activityWrongPassword();

    @Message("Sign-in locked for {minutes} minutes from this address after too many failed attempts")
    String activityAccountLocked(String minutes);

    @Message("Allowed {app}")
    String activityConsentGiven(String app);

    @Message("Withdrew what {app} was allowed")
    String activityConsentRemoved(String app);

    @Message("Removed {app} and ended its access")
    String activityAppRemoved(String app);

    // Sign-out

    @Message("Sign out")
    String signOut();

    @Message("Sign out?")
    String signOutQuestion();

    @Message("Do you want to sign out of your {product} account?")
    String signOutConfirm(String product);

    @Message("Signed out")
    String signedOut();

    @Message("You are signed out")
    String signedOutHeading();

    @Message("You have been signed out of your {product} account.")
    String signedOutOf(String product);

    @Message("You have been signed out of your {product} account and of {client}.")
    String signedOutOfApp(String product, String client);

    @Message("You can close this page.")
    String canClose();

    // Error pages (see Problem)

    @Message("You can close this page, or go back to the app and start again.")
    String closeOrStartAgain();

    @Message("For the app's developers:")
    String forDevelopers();

    @Message("Invalid request")
    String titleInvalidRequest();

    @Message("The app sent a request that cannot be answered.")
    String problemInvalidRequest();

    @Message("The form is malformed.")
    String problemMalformedForm();

    @Message("Unknown app")
    String titleUnknownApp();

    @Message("The request does not say which app is asking (client_id).")
    String problemNoClientId();

    @Message("No app with this client_id is registered here.")
    String problemUnknownClient();

    @Message("The request has no redirect_uri.")
    String problemNoRedirectUri();

    @Message("Unregistered redirect address")
    String titleUnregisteredRedirect();

    @Message("The app asked to send you to an address it has not registered, so you were not sent there.")
    String problemUnregisteredRedirect();

    @Message("Too many requests")
    String titleTooManyRequests();

    @Message("Too many sign-ins were started from your network. Wait a few minutes and try again.")
    String problemTooManyRequests();

    @Message("Your session ended before you answered. Start again from the app.")
    String problemSessionEnded();

    @Message("Signed in again")
    String titleSignedInAgain();

    @Message("You signed in again since this page was shown. Go back to the app and start again.")
    String problemSignedInAgain();

    @Message("Request expired")
    String titleRequestExpired();

    @Message("This sign-in form has expired or was not opened in this browser. Go back to the app and start again.")
    String problemSignInExpired();

    @Message("This form has expired or was not opened in this browser. Reload the page and try again.")
    String problemFormExpired();

    @Message("Invalid sign-out request")
    String titleInvalidSignOut();

    @Message("The app sent a sign-out request that cannot be answered.")
    String problemInvalidSignOut();

    @Message("The id_token_hint is not one of our ID tokens.")
    String problemUnknownHint();

    @Message("client_id does not match the id_token_hint.")
    String problemHintOfOtherClient();

    @Message("Unregistered sign-out address")
    String titleUnregisteredSignOut();

    @Message("The app asked to send you to an address it has not registered for sign-out.")
    String problemUnregisteredSignOut();

    @Message("Temporarily unavailable")
    String titleUnavailable();

    @Message("The sign-in service is temporarily unavailable. Please try again in a moment.")
    String problemUnavailable();

    // Passkeys

    @Message("Sign in with a passkey")
    String signInWithPasskey();

    @Message("or")
    String or();

    @Message("That passkey could not sign you in.")
    String passkeyRefused();

    @Message("No passkey was used. Try again, or sign in with your password.")
    String passkeyNotUsed();

    @Message("Passkeys")
    String passkeys();

    @Message("Sign in with your fingerprint, face or screen lock instead of your password.")
    String passkeysExplained();

    @Message("You have no passkeys yet.")
    String noPasskeys();

    @Message("Name of the new passkey")
    String passkeyName();

    @Message("Add a passkey")
    String addPasskey();

    @Message("Added {added}; last used {lastUsed}.")
    String passkeyWhen(String added, String lastUsed);

    @Message("Remove the passkey {name}")
    String removePasskey(String name);

    @Message("No passkey was added.")
    String passkeyNotCreated();

    @Message("Passkey not added")
    String titlePasskeyNotAdded();

    @Message("The passkey could not be added. Go back to your account and try again.")
    String problemPasskeyNotAdded();

    @Message("Signed in with a passkey")
    String activitySignedInWithPasskey();

    @Message("Signed in to {app} with a passkey")
    String activitySignedInToWithPasskey(String app);

    @Message("Failed sign-in: passkey refused")
    String activityPasskeyRefused();

    @Message("Sign-in refused: this passkey seems to have been copied to another device")
    String activityClonedAuthenticator();

    @Message("Added the passkey {name}")
    String activityPasskeyAdded(String name);

    @Message("Removed the passkey {name}")
    String activityPasskeyRemoved(String name);

    @Message("To change how you sign in, confirm it is you: sign in again with your password or a passkey.")
    String confirmIdentity();

    @Message("This app asks for a passkey: use yours if you have one, or your password below.")
    String passkeyPreferred();

    @Message("This app accepts only a passkey. If you cannot use one, go back to the app without signing in.")
    String passkeyRequired();

    @Message("No passkey was used. Try again, or go back to the app.")
    String passkeyRequiredNotUsed();

    @Message("Back to the app")
    String backToApp();
}
