-- Passkeys (WebAuthn credentials) of accounts (README, "Passkeys"). credential_id is what the authenticator names the
-- key by (unique across accounts: a credential of another account is refused by its owner, not by a collision);
-- attested_credential_data holds the AAGUID, the credential id and the COSE public key as the authenticator sent
-- them. sign_count only ever rises (compare-and-set): a counter that does not is a cloned authenticator.
CREATE TABLE passkeys (
    id                       uuid PRIMARY KEY,
    account_id               uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    credential_id            bytea NOT NULL UNIQUE,
    attested_credential_data bytea NOT NULL,
    sign_count               bigint NOT NULL,
    name                     text NOT NULL,
    transports               text NOT NULL DEFAULT '',
    backup_eligible          boolean NOT NULL,
    backed_up                boolean NOT NULL,
    created_at               timestamptz NOT NULL,
    last_used_at             timestamptz
);
CREATE INDEX passkeys_account ON passkeys (account_id, created_at);
