package dev.pressroom.auth.token;

import java.util.List;

/**
 * What a sign-in proved, as the amr (RFC 8176 §2) and acr (OpenID EAP ACR Values 1.0) claims say it: only what was
 * verified. Passkeys are accepted with attestation "none", so nothing proves the key is in hardware: a passkey sign-in
 * is proof of possession of a key ("pop", hardware or software unspecified) with a user presence test ("user"; the
 * authenticator also reports user verification, which is its own word, not proof), never "hwk". Its acr is "phr"
 * (phishing-resistant: bound to this origin), never "phrh" (hardware-protected). A password sign-in is "pwd", with no
 * acr: no class is claimed for it.
 */
public final class AuthenticationMethods {

    public static final List<String> PASSWORD = List.of("pwd");
    public static final List<String> PASSKEY = List.of("pop", "user");

    /** The acr value a passkey sign-in earns, the only one offered (discovery's acr_values_supported). */
    public static final String PHISHING_RESISTANT = "phr";

    /** What sessions and grants recorded before this class claimed for a passkey; read as {@link #PASSKEY}. */
    private static final String LEGACY_HARDWARE_KEY = "hwk";

    private AuthenticationMethods() {}

    /** Whether the amr a session or grant recorded is a passkey sign-in's (its earlier form included). */
    public static boolean isPasskey(List<String> amr) {
        return amr.contains("pop") || amr.contains(LEGACY_HARDWARE_KEY);
    }

    /** The amr claim for what a session or grant recorded: a passkey's earlier "hwk" is no longer claimed. */
    public static List<String> claimed(List<String> amr) {
        return isPasskey(amr) ? PASSKEY : amr;
    }

    /** The acr claim for what a session or grant recorded; null when no class is claimed. */
    public static String acr(List<String> amr) {
        return isPasskey(amr) ? PHISHING_RESISTANT : null;
    }
}
