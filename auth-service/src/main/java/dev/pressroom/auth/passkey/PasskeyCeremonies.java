package dev.pressroom.auth.passkey;

import dev.pressroom.auth.account.Account;
import dev.pressroom.auth.account.AccountService;
import dev.pressroom.auth.audit.AuditEvent;
import dev.pressroom.auth.audit.AuditEventType;
import dev.pressroom.auth.audit.AuditLog;
import dev.pressroom.auth.audit.Origin;
import dev.pressroom.auth.logout.BackchannelLogout;
import dev.pressroom.auth.store.Session;
import dev.pressroom.auth.store.SessionStore;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The two WebAuthn ceremonies: adding a passkey to the signed-in account, and signing in with one. Options are the
 * WebAuthn Level 3 JSON forms (PublicKeyCredentialCreationOptionsJSON, ...RequestOptionsJSON), so the page's script
 * only decodes base64url. Each challenge is bound to its ceremony and taken once ({@link PasskeyChallenges}).
 */
@ApplicationScoped
public class PasskeyCeremonies {

    /** A name the person gives a passkey: at most this many characters (longer ones are cut). */
    public static final int NAME_MAX = 64;

    /** A verified passkey sign-in: the account, and which of its passkeys (the session remembers it). */
    public record SignedIn(Account account, UUID passkeyId) {}

    private final PasskeyStore passkeys;
    private final SessionStore sessions;
    private final PasskeyChallenges challenges;
    private final PasskeyVerifier verifier;
    private final AccountService accounts;
    private final AuditLog audit;
    private final BackchannelLogout backchannel;
    private final Clock clock;

    public PasskeyCeremonies(
            PasskeyStore passkeys,
            SessionStore sessions,
            PasskeyChallenges challenges,
            PasskeyVerifier verifier,
            AccountService accounts,
            AuditLog audit,
            BackchannelLogout backchannel,
            Clock clock) {
        this.passkeys = passkeys;
        this.sessions = sessions;
        this.challenges = challenges;
        this.verifier = verifier;
        this.accounts = accounts;
        this.audit = audit;
        this.backchannel = backchannel;
        this.clock = clock;
    }

    public Uni<List<Passkey>> list(UUID accountId) {
        return passkeys.list(accountId);
    }

    /**
     * Creation options for the session's account: a discoverable credential (resident key required, so sign-in needs
     * no email), user verification required, no attestation, and the account's passkeys excluded so one
     * authenticator is not registered twice.
     */
    public Uni<Map<String, Object>> creationOptions(Session session, String productName) {
        UUID accountId = UUID.fromString(session.accountId());
        return Uni.combine()
                .all()
                .unis(accounts.find(accountId), passkeys.list(accountId), challenges.issue(addBinding(session)))
                .asTuple()
                .map(found -> {
                    Account account = found.getItem1();
                    Map<String, Object> options = new LinkedHashMap<>();
                    options.put("rp", Map.of("id", verifier.rpId(), "name", productName));
                    options.put(
                            "user",
                            Map.of(
                                    "id", PasskeyVerifier.base64Url(PasskeyVerifier.userHandle(accountId)),
                                    "name", account.email(),
                                    "displayName", account.name() == null ? account.email() : account.name()));
                    options.put("challenge", found.getItem3());
                    options.put(
                            "pubKeyCredParams",
                            PasskeyVerifier.ALGORITHMS.stream()
                                    .map(a -> Map.of("type", "public-key", "alg", a.getValue()))
                                    .toList());
                    options.put("timeout", PasskeyChallenges.LIFETIME.toMillis());
                    options.put(
                            "excludeCredentials",
                            found.getItem2().stream()
                                    .map(PasskeyCeremonies::descriptor)
                                    .toList());
                    options.put(
                            "authenticatorSelection",
                            Map.of(
                                    "residentKey", "required",
                                    "requireResidentKey", true,
                                    "userVerification", "required"));
                    options.put("attestation", "none");
                    return options;
                });
    }

    /** Verifies the new credential against the session's challenge and stores it under the name given. */
    public Uni<Passkey> add(Session session, String name, String responseJson, Origin origin) {
        UUID accountId = UUID.fromString(session.accountId());
        PasskeyVerifier.Registration registration;
        try {
            registration = verifier.readRegistration(responseJson);
        } catch (PasskeyRefused e) {
            return Uni.createFrom().failure(e);
        }
        return challenges.take(registration.challenge(), addBinding(session)).chain(fresh -> {
            if (!fresh) {
                return Uni.createFrom().failure(new PasskeyRefused(PasskeyRefused.Reason.STALE_CHALLENGE));
            }
            PasskeyVerifier.NewCredential credential;
            try {
                credential = verifier.register(registration, registration.challenge());
            } catch (PasskeyRefused e) {
                return Uni.createFrom().failure(e);
            }
            Passkey passkey = new Passkey(
                    UUID.randomUUID(),
                    accountId,
                    credential.credentialId(),
                    credential.attestedCredentialData(),
                    credential.signCount(),
                    nameOf(name),
                    credential.transports(),
                    credential.backupEligible(),
                    credential.backedUp(),
                    clock.instant(),
                    null);
            return passkeys.insert(passkey).chain(inserted -> {
                if (!inserted) {
                    return Uni.createFrom().failure(new PasskeyRefused(PasskeyRefused.Reason.ALREADY_REGISTERED));
                }
                audit.record(AuditEvent.of(AuditEventType.PASSKEY_ADDED, accountId, null, origin)
                        .with("name", passkey.name()));
                return Uni.createFrom().item(passkey);
            });
        });
    }

    /**
     * Removes one of the session's account's passkeys and ends every session that signed in with it (this one too, if
     * it did), telling their clients by back-channel logout; an id that is not one of them changes nothing. Grants
     * those sessions made end at their next use ({@link dev.pressroom.auth.grant.TokenIssuer}).
     */
    public Uni<Void> remove(Session session, UUID id, Origin origin) {
        UUID accountId = UUID.fromString(session.accountId());
        return passkeys.remove(accountId, id).chain(name -> {
            if (name == null) {
                return Uni.createFrom().voidItem();
            }
            audit.record(AuditEvent.of(AuditEventType.PASSKEY_REMOVED, accountId, null, origin)
                    .with("name", name));
            return sessions.endSignedInWith(id.toString()).chain(backchannel::sessionsEnded);
        });
    }

    /** Request options for a pending sign-in: any discoverable passkey of this RP, user verification required. */
    public Uni<Map<String, Object>> requestOptions(String pendingRequestId) {
        return challenges.issue(signInBinding(pendingRequestId)).map(challenge -> {
            Map<String, Object> options = new LinkedHashMap<>();
            options.put("challenge", challenge);
            options.put("rpId", verifier.rpId());
            options.put("timeout", PasskeyChallenges.LIFETIME.toMillis());
            options.put("userVerification", "required");
            options.put("allowCredentials", List.of());
            return options;
        });
    }

    /**
     * Verifies a sign-in assertion for the pending request and records the use (counter compare-and-set); answers
     * the account and the passkey. Every refusal is a {@link PasskeyRefused} failure, with the account when the
     * credential was known.
     */
    public Uni<SignedIn> authenticate(String pendingRequestId, String responseJson) {
        PasskeyVerifier.Assertion assertion;
        try {
            assertion = verifier.readAssertion(responseJson);
        } catch (PasskeyRefused e) {
            return Uni.createFrom().failure(e);
        }
        return challenges
                .take(assertion.challenge(), signInBinding(pendingRequestId))
                .chain(fresh -> fresh
                        ? passkeys.findByCredentialId(assertion.credentialId())
                        : Uni.createFrom().failure(new PasskeyRefused(PasskeyRefused.Reason.STALE_CHALLENGE)))
                .chain(stored -> {
                    if (stored == null) {
                        return Uni.createFrom().failure(new PasskeyRefused(PasskeyRefused.Reason.UNKNOWN_CREDENTIAL));
                    }
                    long next;
                    try {
                        next = verifier.authenticate(assertion, assertion.challenge(), stored);
                    } catch (PasskeyRefused e) {
                        return Uni.createFrom().failure(e.of(stored.accountId()));
                    }
                    return passkeys.recordUse(stored.id(), stored.signCount(), next, clock.instant())
                            .chain(recorded -> recorded
                                    ? accounts.find(stored.accountId())
                                            .map(account -> new SignedIn(account, stored.id()))
                                    : Uni.createFrom()
                                            .failure(new PasskeyRefused(PasskeyRefused.Reason.CLONED_AUTHENTICATOR)
                                                    .of(stored.accountId())));
                });
    }

    private static Map<String, Object> descriptor(Passkey p) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("type", "public-key");
        d.put("id", PasskeyVerifier.base64Url(p.credentialId()));
        d.put(
                "transports",
                p.transports().isEmpty() ? List.of() : List.of(p.transports().split(" ")));
        return d;
    }

    /** The name a passkey gets from what was typed: trimmed, no control characters, at most {@link #NAME_MAX}. */
    public static String nameOf(String typed) {
        String name = typed == null ? "" : typed.strip().replaceAll("\\p{Cntrl}", "");
        if (name.isEmpty()) {
            return "Passkey";
        }
        return name.length() <= NAME_MAX ? name : name.substring(0, NAME_MAX);
    }

    private static String addBinding(Session session) {
        return "add:" + session.accountId() + ":" + session.sid();
    }

    private static String signInBinding(String pendingRequestId) {
        return "signin:" + pendingRequestId;
    }
}
