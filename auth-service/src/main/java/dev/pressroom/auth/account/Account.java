package dev.pressroom.auth.account;

import java.time.Instant;
import java.util.UUID;

/** A person's account. The id is the stable OIDC subject. */
public record Account(
        UUID id,
        String email,
        boolean emailVerified,
        String name,
        String picture,
        String passwordHash,
        Instant updatedAt) {}
