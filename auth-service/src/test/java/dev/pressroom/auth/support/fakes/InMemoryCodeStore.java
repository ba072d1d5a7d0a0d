package dev.pressroom.auth.support.fakes;

import dev.pressroom.auth.store.AuthorizationCode;
import dev.pressroom.auth.store.CodeStore;
import dev.pressroom.auth.store.Outcome;
import io.smallrye.mutiny.Uni;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/** CodeStore in a map, with the Redis script's rules: binding checked first, then consumed once. No expiry. */
public final class InMemoryCodeStore implements CodeStore {

    private final Map<String, AuthorizationCode> codes = new HashMap<>();
    private final Set<String> used = new HashSet<>();

    @Override
    public synchronized Uni<Void> save(String code, AuthorizationCode data) {
        codes.put(code, data);
        return Uni.createFrom().voidItem();
    }

    @Override
    public synchronized Uni<Presented> consume(
            String code, String clientId, String redirectUri, String challenge, String dpopJkt) {
        AuthorizationCode data = codes.get(code);
        if (data == null) {
            return answer(Outcome.unknown(), null);
        }
        if (!data.clientId().equals(clientId)) {
            return answer(Outcome.unknown(), "client");
        }
        if (!data.redirectUri().equals(redirectUri)) {
            return answer(Outcome.unknown(), "redirect");
        }
        if (!data.codeChallenge().equals(challenge)) {
            return answer(Outcome.unknown(), "verifier");
        }
        if (data.dpopJkt() != null && !data.dpopJkt().equals(dpopJkt)) {
            return answer(Outcome.unknown(), "dpop");
        }
        return answer(new Outcome<>(used.add(code) ? Outcome.Status.FIRST_USE : Outcome.Status.REUSED, data), null);
    }

    public synchronized boolean isUsed(String code) {
        return used.contains(code);
    }

    private static Uni<Presented> answer(Outcome<AuthorizationCode> outcome, String mismatch) {
        return Uni.createFrom().item(new Presented(outcome, mismatch));
    }
}
