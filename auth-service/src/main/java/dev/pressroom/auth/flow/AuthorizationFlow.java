package dev.pressroom.auth.flow;

import dev.pressroom.auth.abuse.AbuseLimits;
import dev.pressroom.auth.abuse.SignInAttempt;
import dev.pressroom.auth.account.Account;
import dev.pressroom.auth.account.AccountService;
import dev.pressroom.auth.account.ConsentStore;
import dev.pressroom.auth.audit.AuditEvent;
import dev.pressroom.auth.audit.AuditEventType;
import dev.pressroom.auth.audit.AuditLog;
import dev.pressroom.auth.audit.Origin;
import dev.pressroom.auth.audit.SignInFailure;
import dev.pressroom.auth.client.Client;
import dev.pressroom.auth.client.ClientService;
import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.auth.error.ErrorPageException;
import dev.pressroom.auth.error.OAuthException;
import dev.pressroom.auth.page.Problem;
import dev.pressroom.auth.passkey.Passkey;
import dev.pressroom.auth.passkey.PasskeyCeremonies;
import dev.pressroom.auth.passkey.PasskeyRefused;
import dev.pressroom.auth.request.AuthorizationRequest;
import dev.pressroom.auth.request.OAuthParams;
import dev.pressroom.auth.request.Params;
import dev.pressroom.auth.store.AuthorizationCode;
import dev.pressroom.auth.store.CodeStore;
import dev.pressroom.auth.store.PendingChange;
import dev.pressroom.auth.store.PendingRequest;
import dev.pressroom.auth.store.PendingRequestStore;
import dev.pressroom.auth.store.RedisKeys;
import dev.pressroom.auth.store.Session;
import dev.pressroom.auth.store.SessionClients;
import dev.pressroom.auth.store.SessionStore;
import dev.pressroom.auth.token.AuthenticationMethods;
import dev.pressroom.auth.validate.RedirectUris;
import dev.pressroom.auth.validate.Scopes;
import dev.pressroom.kernel.id.Tokens;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;

/**
 * The authorization endpoint's decisions (RFC 6749 §4.1, OIDC Core §3.1.2): who the client is, whether the
 * person must sign in or consent, and the code. Pending requests are bound to the browser by a CSRF token.
 */
@ApplicationScoped
public class AuthorizationFlow {

    /**
     * Passkey options one sign-in page may ask for in a pending request's lifetime: its autofill request renewed every
     * two minutes for 15 minutes, and the button pressed a few times.
     */
    static final int PASSKEY_OPTIONS_PER_SIGN_IN = 20;

    private final ClientService clients;
    private final AccountService accounts;
    private final ConsentStore consents;
    private final SessionStore sessions;
    private final PendingRequestStore pending;
    private final CodeStore codes;
    private final AbuseLimits limits;
    private final AuthConfig config;
    private final Clock clock;
    private final AuditLog audit;
    private final PasskeyCeremonies passkeys;
    private final PushedAuthorizationRequests pushed;
    private final SessionClients sessionClients;

    public AuthorizationFlow(
            ClientService clients,
            AccountService accounts,
            ConsentStore consents,
            SessionStore sessions,
            PendingRequestStore pending,
            CodeStore codes,
            AbuseLimits limits,
            AuthConfig config,
            Clock clock,
            AuditLog audit,
            PasskeyCeremonies passkeys,
            PushedAuthorizationRequests pushed,
            SessionClients sessionClients) {
        this.clients = clients;
        this.accounts = accounts;
        this.consents = consents;
        this.sessions = sessions;
        this.pending = pending;
        this.codes = codes;
        this.limits = limits;
        this.config = config;
        this.clock = clock;
        this.audit = audit;
        this.passkeys = passkeys;
        this.pushed = pushed;
        this.sessionClients = sessionClients;
    }

    /**
     * Checks client_id and redirect_uri, then the rest, then decides the next step. With a request_uri (RFC 9126 §4)
     * the pushed parameters are the request, validated again here; any others sent beside it are ignored, as RFC 9101
     * §6.3 has it for a request object, so nothing the browser carries can change what the client pushed.
     */
    public Uni<AuthorizeStep> authorize(Params params, String sessionCookie, String csrf, String address) {
        Params page = new Params(params.values(), m -> ErrorPageException.badRequest(Problem.INVALID_REQUEST, m));
        String clientId = page.optional(OAuthParams.CLIENT_ID)
                .orElseThrow(() -> ErrorPageException.badRequest(Problem.NO_CLIENT_ID));
        Optional<String> requestUri = page.optional(OAuthParams.REQUEST_URI);
        return requestUri.isEmpty()
                ? authorize(page, clientId, false, sessionCookie, csrf, address)
                : pushed.take(requestUri.get(), clientId)
                        .chain(stored -> authorize(stored, clientId, true, sessionCookie, csrf, address));
    }

    private Uni<AuthorizeStep> authorize(
            Params params, String clientId, boolean wasPushed, String sessionCookie, String csrf, String address) {
        String redirectUri = params.optional(OAuthParams.REDIRECT_URI)
                .orElseThrow(() -> ErrorPageException.badRequest(Problem.NO_REDIRECT_URI));
        return clients.find(clientId).chain(client -> {
            if (client == null) {
                throw ErrorPageException.badRequest(Problem.UNKNOWN_CLIENT);
            }
            // Spec Authentication C.4: an unrecognized redirect URI stops here; the person is never forwarded.
            if (client.redirectUris().stream().noneMatch(r -> RedirectUris.matches(r, redirectUri))) {
                throw ErrorPageException.badRequest(Problem.UNREGISTERED_REDIRECT);
            }
            // RFC 9126 §4: where PAR is required, any other request is invalid_request.
            if (!wasPushed && pushed.required(client)) {
                throw AuthorizationRequests.error(
                        redirectUri,
                        "invalid_request",
                        "This client must push its authorization requests (pushed_authorization_request_endpoint).",
                        params.optional(OAuthParams.STATE).orElse(null));
            }
            AuthorizationRequest request = AuthorizationRequests.validate(params, client, redirectUri);
            return sessions.findWithConsent(sessionCookie, clientId)
                    .chain(found -> proceed(
                            PendingRequest.start(Tokens.random(24), csrf, request),
                            client,
                            found.session(),
                            account -> consents.find(account, clientId, found.consent()),
                            null,
                            address));
        });
    }

    /**
     * The sign-in form: on success a new session (new cookie value, no fixation) and the next step. The attempt is
     * counted before the password is hashed, so attempts sent at once cannot outrun the limits. Every outcome is
     * an audit event: success, wrong password (an unknown account too), refused while throttled or locked, and the
     * failure that locks.
     */
    public Uni<AuthorizeStep> signIn(
            String requestId, String formCsrf, String cookieCsrf, String email, String password, Origin origin) {
        return pendingFor(requestId, formCsrf, cookieCsrf, false)
                .invoke(AuthorizationFlow::passwordMayAnswer)
                .chain(p -> clientOf(p)
                        .chain(client -> limits.reserveSignIn(email, origin.address())
                                .chain(attempt -> {
                                    if (attempt.evaluate()) {
                                        return evaluate(p, client, email, password, origin, attempt);
                                    }
                                    audit.record(AuditEvent.signInFailed(
                                            email,
                                            clientIdOf(p),
                                            origin,
                                            attempt.isLock() ? SignInFailure.LOCKED : SignInFailure.THROTTLED));
                                    return Uni.createFrom()
                                            .item(new AuthorizeStep.SignIn(
                                                    p,
                                                    client,
                                                    email,
                                                    AuthorizeStep.SignInError.mustWait(attempt.waitSeconds())));
                                })));
    }

    private Uni<AuthorizeStep> evaluate(
            PendingRequest p, Client client, String email, String password, Origin origin, SignInAttempt attempt) {
        long waitIfWrong = attempt.waitSeconds();
        return accounts.authenticate(email, password).chain(account -> {
            if (account == null) {
                audit.record(AuditEvent.signInFailed(email, clientIdOf(p), origin, SignInFailure.WRONG_PASSWORD));
                if (attempt.isLock()) {
                    audit.record(AuditEvent.accountLocked(email, clientIdOf(p), origin, waitIfWrong / 60));
                }
                return Uni.createFrom()
                        .item(new AuthorizeStep.SignIn(
                                p, client, email, AuthorizeStep.SignInError.wrongPassword(waitIfWrong)));
            }
            return limits.signInSucceeded(email, origin.address())
                    .invoke(() ->
                            audit.record(AuditEvent.of(AuditEventType.SIGN_IN, account.id(), clientIdOf(p), origin)
                                    .with("method", "password")))
                    .chain(() -> startSession(p, client, account, origin, AuthenticationMethods.PASSWORD, null));
        });
    }

    /**
     * WebAuthn request options for the sign-in page's pending request (its request id and CSRF token). Each is a
     * challenge in Redis, so they are counted per client address and per sign-in page, like password attempts, and a
     * page keeps only a few live ({@link dev.pressroom.auth.passkey.PasskeyChallenges}).
     */
    public Uni<Map<String, Object>> passkeyOptions(
            String requestId, String formCsrf, String cookieCsrf, String address) {
        return pendingFor(requestId, formCsrf, cookieCsrf, false)
                .chain(p -> limits.limit("pko", address, 60, config.limits().passkeyOptionsPerMinute())
                        .chain(() -> limits.limit(
                                "pkor",
                                Tokens.sha256(p.id()),
                                config.pendingRequestTtl().toSeconds(),
                                PASSKEY_OPTIONS_PER_SIGN_IN))
                        .onFailure(AuthorizationFlow::tooMany)
                        .transform(AuthorizationFlow::tooManyPage)
                        .chain(() -> passkeys.requestOptions(p.id())));
    }

    /**
     * Sign-in with a passkey: as the password form, but the assertion is verified instead of a password hashed. The
     * attempt is counted against the address before it is verified, like a password's; every refusal reads the same
     * on the page, and the audit log says which check failed.
     */
    public Uni<AuthorizeStep> signInWithPasskey(
            String requestId, String formCsrf, String cookieCsrf, String credential, Origin origin) {
        return pendingFor(requestId, formCsrf, cookieCsrf, false)
                .chain(p -> clientOf(p)
                        .chain(client -> limits.reservePasskeySignIn(origin.address())
                                .chain(attempt -> {
                                    if (!attempt.evaluate()) {
                                        audit.record(AuditEvent.of(
                                                        AuditEventType.SIGN_IN_FAILED, null, clientIdOf(p), origin)
                                                .with(
                                                        "reason",
                                                        (attempt.isLock()
                                                                        ? SignInFailure.LOCKED
                                                                        : SignInFailure.THROTTLED)
                                                                .code())
                                                .with("method", "passkey"));
                                        return Uni.createFrom()
                                                .item(new AuthorizeStep.SignIn(
                                                        p,
                                                        client,
                                                        null,
                                                        AuthorizeStep.SignInError.mustWait(attempt.waitSeconds())));
                                    }
                                    return passkeys.authenticate(p.id(), credential)
                                            .chain(signedIn -> limits.passkeySignInSucceeded(origin.address())
                                                    .invoke(() -> audit.record(AuditEvent.of(
                                                                    AuditEventType.SIGN_IN,
                                                                    signedIn.account()
                                                                            .id(),
                                                                    clientIdOf(p),
                                                                    origin)
                                                            .with("method", "passkey")))
                                                    .chain(() -> startSession(
                                                            p,
                                                            client,
                                                            signedIn.account(),
                                                            origin,
                                                            AuthenticationMethods.PASSKEY,
                                                            signedIn.passkeyId())))
                                            .onFailure(PasskeyRefused.class)
                                            .recoverWithItem(refused -> {
                                                SignInFailure failure =
                                                        refused.reason() == PasskeyRefused.Reason.CLONED_AUTHENTICATOR
                                                                ? SignInFailure.CLONED_AUTHENTICATOR
                                                                : SignInFailure.PASSKEY_REFUSED;
                                                audit.record(AuditEvent.of(
                                                                AuditEventType.SIGN_IN_FAILED,
                                                                refused.accountId(),
                                                                clientIdOf(p),
                                                                origin)
                                                        .with("reason", failure.code())
                                                        .with(
                                                                "cause",
                                                                refused.reason().code())
                                                        .with("method", "passkey"));
                                                return new AuthorizeStep.SignIn(
                                                        p,
                                                        client,
                                                        null,
                                                        AuthorizeStep.SignInError.passkeyRefused(
                                                                attempt.waitSeconds()));
                                            });
                                })));
    }

    /** Whether the sign-in page offers the passkey first (acr_values=phr); the password form stays. */
    public static boolean passkeyFirst(PendingRequest p) {
        return p.request() != null && p.request().phishingResistant();
    }

    /**
     * Whether the sign-in page offers only the passkey: the app asked for acr "phr" as an essential claim (OIDC Core
     * §5.5.1.1), which a password sign-in cannot meet.
     */
    public static boolean passkeyOnly(PendingRequest p) {
        return p.request() != null && p.request().requiresPasskey();
    }

    /**
     * A password cannot meet an essential acr: the page does not offer the form, and a password posted anyway (an old
     * page, a crafted post) is not even checked. The app is told, as when the person gives up.
     */
    private static void passwordMayAnswer(PendingRequest p) {
        if (passkeyOnly(p)) {
            throw unmetRequirements(p.request());
        }
    }

    /**
     * The sign-in page's "Back to the app": the person does not sign in. For a request that required a passkey this is
     * the failed authentication OIDC Core §5.5.1.1 asks for (unmet_authentication_requirements); otherwise the person
     * declined (access_denied). The account pages' own sign-in goes back to the account home.
     */
    public Uni<AuthorizeStep> cancelSignIn(String requestId, String formCsrf, String cookieCsrf) {
        return pendingFor(requestId, formCsrf, cookieCsrf, true).map(p -> {
            AuthorizationRequest request = p.request();
            if (request == null) {
                return new AuthorizeStep.Redirect(java.net.URI.create("/account"), null);
            }
            if (request.requiresPasskey()) {
                throw unmetRequirements(request);
            }
            throw AuthorizationRequests.error(
                    request.redirectUri(), "access_denied", "The person did not sign in.", request.state());
        });
    }

    private static RuntimeException unmetRequirements(AuthorizationRequest request) {
        return AuthorizationRequests.error(
                request.redirectUri(),
                AuthorizationRequests.UNMET_AUTHENTICATION_REQUIREMENTS,
                "The essential acr phr needs a passkey sign-in, which did not take place.",
                request.state());
    }

    private static String clientIdOf(PendingRequest p) {
        return p.request() == null ? null : p.request().clientId();
    }

    /** Sign-in for the account pages themselves: a pending request without an authorization request. */
    public Uni<AuthorizeStep> accountSignIn(String csrf, String address) {
        PendingRequest p = PendingRequest.start(Tokens.random(24), csrf, null);
        return savePending(p, address).replaceWith(new AuthorizeStep.SignIn(p, null, null, null));
    }

    /** Whether the session may change how its person signs in now (AUTH_REAUTHENTICATE_WITHIN). */
    public boolean allowsSignInChanges(Session session) {
        return RecentSignIn.allowsChanges(session, clock.instant(), config.reauthenticateWithin());
    }

    /** Each waiting request is kept in Redis: an address may leave only so many within their lifetime. */
    Uni<Void> savePending(PendingRequest p, String address) {
        return limits.limit(
                        "areq",
                        address,
                        config.pendingRequestTtl().toSeconds(),
                        config.limits().pendingRequestsPerAddress())
                .onFailure(AuthorizationFlow::tooMany)
                .transform(AuthorizationFlow::tooManyPage)
                .chain(() -> pending.save(p));
    }

    private static boolean tooMany(Throwable e) {
        return e instanceof OAuthException o && o.status() == 429;
    }

    private static ErrorPageException tooManyPage(Throwable e) {
        return new ErrorPageException(429, Problem.TOO_MANY_REQUESTS, null);
    }

    private Uni<Client> clientOf(PendingRequest p) {
        return p.request() == null
                ? Uni.createFrom().nullItem()
                : clients.find(p.request().clientId());
    }

    private Uni<AuthorizeStep> startSession(
            PendingRequest p, Client client, Account account, Origin origin, List<String> amr, UUID passkeyId) {
        String cookie = RedisKeys.newToken(account.id().toString());
        Session session = new Session(
                Tokens.random(16),
                account.id().toString(),
                clock.instant().getEpochSecond(),
                amr,
                passkeyId == null ? null : passkeyId.toString());
        if (p.request() == null) {
            return sessions.save(cookie, session)
                    .chain(() -> pending.take(p.id()))
                    // Taken once: of two sign-ins racing on one page, only one continues the change.
                    .chain(taken -> p.confirmsIdentity()
                            ? continueChange(taken, session, origin)
                            : Uni.createFrom().item(java.net.URI.create("/account")))
                    .map(location -> new AuthorizeStep.Redirect(location, cookie));
        }
        return sessions.save(cookie, session)
                .chain(() -> proceed(
                        p.signedIn(),
                        client,
                        session,
                        accountId -> consents.find(accountId, client.id()),
                        cookie,
                        origin.address()));
    }

    /**
     * After the confirming sign-in, the change it was asked for goes on (issue 32: "then continues the change"), for
     * the account that asked for it only: a removal is made now; an added passkey needs the browser, so the account
     * page starts its ceremony again through a single-use {@code resume} id bound to this browser. Every address is
     * this host's own path: nothing from the request chooses where the browser goes.
     */
    private Uni<java.net.URI> continueChange(PendingRequest p, Session session, Origin origin) {
        PendingChange change = p == null ? null : p.change();
        java.net.URI backToPasskeys = java.net.URI.create("/account#passkeys");
        if (change == null || !change.accountId().equals(session.accountId())) {
            return Uni.createFrom().item(backToPasskeys);
        }
        return switch (change.kind()) {
            case REMOVE_PASSKEY ->
                passkeys.remove(session, UUID.fromString(change.passkeyId()), origin)
                        .replaceWith(backToPasskeys);
            case ADD_PASSKEY -> {
                PendingRequest resume = p.resumedAs(Tokens.random(24));
                yield savePending(resume, origin.address())
                        .replaceWith(java.net.URI.create("/account?resume=" + resume.id() + "#passkeys"));
            }
        };
    }

    /**
     * The consent form: allow records the scopes and issues the code; deny returns access_denied. Only a request
     * that asked for consent can be answered, and only by the session it was asked of: a request still waiting for
     * the sign-in prompt=login or max_age demanded never gets a code from the old session.
     */
    public Uni<AuthorizeStep> consent(
            String requestId,
            String formCsrf,
            String cookieCsrf,
            String sessionCookie,
            String decision,
            Origin origin) {
        return pendingFor(requestId, formCsrf, cookieCsrf, true)
                .chain(p -> findSession(sessionCookie).chain(session -> {
                    if (session == null) {
                        throw ErrorPageException.badRequest(Problem.SESSION_ENDED);
                    }
                    AuthorizationRequest request = p.request();
                    if (request == null || p.consentSid() == null) {
                        throw expired();
                    }
                    if (!p.consentSid().equals(session.sid())) {
                        throw ErrorPageException.badRequest(Problem.SIGNED_IN_AGAIN);
                    }
                    if (!"allow".equals(decision)) {
                        throw AuthorizationRequests.error(
                                request.redirectUri(), "access_denied", "The person declined.", request.state());
                    }
                    UUID accountId = UUID.fromString(session.accountId());
                    Set<String> asked = consentScopes(request);
                    return consents.grant(accountId, request.clientId(), asked, clock.instant())
                            .invoke(() -> audit.record(
                                    AuditEvent.of(AuditEventType.CONSENT_GIVEN, accountId, request.clientId(), origin)
                                            .with("scopes", List.copyOf(asked))))
                            .chain(consentId -> clients.find(request.clientId())
                                    .chain(client -> issueCode(client, request, session, null, consentId)));
                }));
    }

    /** @param consentOf how the session's account's consent to the client is read, when the step needs it */
    private Uni<AuthorizeStep> proceed(
            PendingRequest p,
            Client client,
            Session session,
            Function<UUID, Uni<ConsentStore.Consent>> consentOf,
            String newCookie,
            String address) {
        AuthorizationRequest request = p.request();
        long now = clock.instant().getEpochSecond();
        boolean tooOld = session != null && request.maxAge() >= 0 && now - session.authTime() >= request.maxAge();
        // OIDC Core §5.5.1.1: an essential acr is met only by a passkey sign-in; §3.1.2.2: a sub asked for with a
        // value is the only person an ID token may be about.
        boolean unmet = session != null && request.requiresPasskey() && !AuthenticationMethods.isPasskey(session.amr());
        boolean otherPerson = session != null
                && request.claims().subject() != null
                && !request.claims().subject().equals(session.accountId());
        if (session == null || (!p.signedInForIt() && (request.prompts("login") || tooOld || unmet || otherPerson))) {
            return signInAgain(p, client, address);
        }
        if (unmet) {
            throw unmetRequirements(request);
        }
        if (otherPerson) {
            throw AuthorizationRequests.error(
                    request.redirectUri(),
                    "login_required",
                    "The app asked for another account than the one that signed in.",
                    request.state());
        }
        UUID accountId = UUID.fromString(session.accountId());
        // acr_values=phr is a request (OIDC Core §3.1.2.1): a session signed in otherwise is offered its passkey once,
        // when it has one; a person without one goes on, and the ID token's acr says what was done.
        boolean mayStepUp = request.phishingResistant()
                && !request.requiresPasskey()
                && !p.signedInForIt()
                && !AuthenticationMethods.isPasskey(session.amr())
                && !request.prompts("none");
        return Uni.combine()
                .all()
                .unis(
                        accounts.find(accountId),
                        consentOf.apply(accountId),
                        mayStepUp ? passkeys.list(accountId) : Uni.createFrom().item(List.<Passkey>of()))
                .asTuple()
                .chain(found -> found.getItem1() == null || !found.getItem3().isEmpty()
                        ? signInAgain(p, client, address)
                        : askOrIssue(p, client, session, newCookie, found.getItem1(), found.getItem2(), address));
    }

    private Uni<AuthorizeStep> signInAgain(PendingRequest p, Client client, String address) {
        return requireInteraction(p, "login_required", address)
                .replaceWith(new AuthorizeStep.SignIn(p, client, null, null));
    }

    /** Consent is asked once per account, client and set of scopes; later, only for scopes not yet granted. */
    private Uni<AuthorizeStep> askOrIssue(
            PendingRequest p,
            Client client,
            Session session,
            String newCookie,
            Account account,
            ConsentStore.Consent consent,
            String address) {
        AuthorizationRequest request = p.request();
        Set<String> granted = consent == null ? Set.of() : consent.scopes();
        Set<String> wanted = consentScopes(request);
        Set<String> missing = new LinkedHashSet<>(wanted);
        missing.removeAll(granted);
        if (missing.isEmpty() && !request.prompts("consent")) {
            return issueCode(client, request, session, newCookie, consent.id());
        }
        Set<String> already = new LinkedHashSet<>(wanted);
        already.retainAll(granted);
        Set<String> asked = missing;
        if (request.prompts("consent")) {
            asked = wanted;
            already.clear();
        }
        PendingRequest awaitingConsent = p.awaitingConsentOf(session.sid());
        return requireInteraction(awaitingConsent, "consent_required", address)
                .replaceWith(new AuthorizeStep.Consent(awaitingConsent, client, account, asked, already, newCookie));
    }

    /**
     * What the person is asked to allow: the requested scopes, and the scope of each claim the claims parameter asks
     * for one by one (README, "Conformance", claims parameter): the consent page shows both alike, and consent is kept
     * per scope, as for scopes asked for directly.
     */
    private static Set<String> consentScopes(AuthorizationRequest request) {
        Set<String> scopes = new LinkedHashSet<>(request.scopes());
        scopes.addAll(request.claims().requested().scopes());
        return Scopes.ordered(scopes);
    }

    /** OIDC Core §3.1.2.6: with prompt=none, needing the person is an error; otherwise remember the request. */
    private Uni<Void> requireInteraction(PendingRequest p, String error, String address) {
        AuthorizationRequest request = p.request();
        if (request.prompts("none")) {
            throw AuthorizationRequests.error(
                    request.redirectUri(),
                    error,
                    "The person must " + ("login_required".equals(error) ? "sign in." : "consent."),
                    request.state());
        }
        return savePending(p, address);
    }

    private Uni<AuthorizeStep> issueCode(
            Client client, AuthorizationRequest request, Session session, String newCookie, UUID consentId) {
        String code = RedisKeys.newToken(session.accountId());
        AuthorizationCode data = new AuthorizationCode(
                request.clientId(),
                request.redirectUri(),
                session.accountId(),
                request.scopes(),
                request.nonce(),
                request.codeChallenge(),
                session.authTime(),
                session.sid(),
                session.amr(),
                Tokens.random(16),
                consentId.toString(),
                clock.instant().getEpochSecond(),
                session.passkeyId(),
                request.claims().requested(),
                request.dpopJkt());
        Map<String, String> params = new LinkedHashMap<>();
        params.put("code", code);
        params.put("state", request.state());
        params.put("iss", config.issuer()); // RFC 9207
        // Back-Channel Logout §2.3: the session now has this client, which hears when it ends. Only a client with a
        // back-channel endpoint can hear of it, so the others cost the code flow no Redis call.
        Uni<Void> saved = codes.save(code, data);
        if (client.backchannelLogoutUri() != null) {
            saved = saved.call(() -> sessionClients.record(session.accountId(), session.sid(), client.id()));
        }
        return saved.replaceWith(
                new AuthorizeStep.Redirect(RedirectUris.withQuery(request.redirectUri(), params), newCookie));
    }

    private Uni<PendingRequest> pendingFor(String requestId, String formCsrf, String cookieCsrf, boolean take) {
        if (requestId == null
                || requestId.length() > 64
                || formCsrf == null
                || !Tokens.constantTimeEquals(formCsrf, cookieCsrf)) {
            return Uni.createFrom().failure(expired());
        }
        return (take ? pending.take(requestId) : pending.findPending(requestId)).map(p -> {
            if (p == null || !Tokens.constantTimeEquals(p.csrf(), formCsrf)) {
                throw expired();
            }
            return p;
        });
    }

    private static ErrorPageException expired() {
        return ErrorPageException.badRequest(Problem.SIGN_IN_EXPIRED);
    }

    public Uni<Session> findSession(String cookie) {
        return sessions.find(cookie);
    }
}
