package dev.pressroom.auth.dpop;

/**
 * A DPoP proof refused (RFC 9449 §4.3), or one without the nonce the server asks for (§8, §9). The caller answers it
 * in its endpoint's shape: a token error (§5) or a WWW-Authenticate challenge at a resource (§7.1).
 */
public final class DpopRefused extends RuntimeException {

    /** The error codes of RFC 9449 §12.2. */
    public enum Code {
        INVALID_DPOP_PROOF("invalid_dpop_proof"),
        USE_DPOP_NONCE("use_dpop_nonce");

        private final String value;

        Code(String value) {
            this.value = value;
        }

        public String value() {
            return value;
        }
    }

    private final Code code;

    DpopRefused(Code code, String description) {
        super(description, null, false, false);
        this.code = code;
    }

    static DpopRefused invalid(String description) {
        return new DpopRefused(Code.INVALID_DPOP_PROOF, description);
    }

    public Code code() {
        return code;
    }
}
