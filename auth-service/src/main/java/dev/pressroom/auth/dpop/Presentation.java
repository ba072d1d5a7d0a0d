package dev.pressroom.auth.dpop;

import java.util.List;

/**
 * How a request to a protected resource presented its access token (RFC 9449 §7.1): with the DPoP scheme or
 * Bearer, the value of every DPoP header it carried, and its method.
 */
public record Presentation(boolean dpopScheme, List<String> proofs, String method) {

    public Presentation {
        proofs = proofs == null ? List.of() : List.copyOf(proofs);
    }
}
