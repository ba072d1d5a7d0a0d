package dev.pressroom.auth.store;

import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;
import java.util.Map;

/**
 * A pushed authorization request (RFC 9126 §2): the client that pushed it and the authorization parameters it sent,
 * without those that only authenticated the client. The authorization endpoint validates them again when the
 * request_uri comes back (§4), so a client or policy changed meanwhile is seen.
 */
@RegisterForReflection
public record PushedRequest(String clientId, Map<String, List<String>> params) {}
