-- RFC 9126 §6: a client whose authorization requests must come through the pushed authorization request endpoint.
ALTER TABLE clients
    ADD COLUMN require_pushed_authorization_requests boolean NOT NULL DEFAULT false;

-- OIDC Registration §2 id_token_signed_response_alg: RS256 (the default), PS256 or ES256.
ALTER TABLE clients
    ADD COLUMN id_token_signed_response_alg text NOT NULL DEFAULT 'RS256'
        CHECK (id_token_signed_response_alg IN ('RS256', 'PS256', 'ES256'));

-- One signing key per algorithm: each algorithm has its own active key and rotates on its own.
ALTER TABLE signing_keys
    ADD COLUMN alg text NOT NULL DEFAULT 'RS256' CHECK (alg IN ('RS256', 'PS256', 'ES256'));
DROP INDEX signing_keys_one_active;
CREATE UNIQUE INDEX signing_keys_one_active_per_alg ON signing_keys (alg) WHERE state = 'active';
