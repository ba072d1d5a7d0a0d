-- private_key_jwt client authentication (RFC 7523 §2.2, OIDC Core §9): the client's public keys, as a JWK Set document
-- (jwks) or the https URL it is fetched from (jwks_uri); exactly one of them for such a client, neither for the others.
ALTER TABLE clients
    ADD COLUMN jwks     text,
    ADD COLUMN jwks_uri text,
    DROP CONSTRAINT clients_auth_method_check,
    ADD CONSTRAINT clients_auth_method_check
        CHECK (auth_method IN ('client_secret_basic', 'none', 'private_key_jwt')),
    ADD CONSTRAINT clients_keys_check
        CHECK ((auth_method = 'private_key_jwt') = (num_nonnulls(jwks, jwks_uri) = 1)
            AND num_nonnulls(jwks, jwks_uri) <= 1);
