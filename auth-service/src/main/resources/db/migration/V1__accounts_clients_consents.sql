-- Accounts: email is stored lower-cased so lookups are exact and unique.
CREATE TABLE accounts (
    id             uuid PRIMARY KEY,
    email          text NOT NULL UNIQUE CHECK (email = lower(email)),
    email_verified boolean NOT NULL DEFAULT false,
    name           text NOT NULL,
    picture        text,
    password_hash  text NOT NULL,
    created_at     timestamptz NOT NULL,
    updated_at     timestamptz NOT NULL
);

-- Clients: first-party ones are created by staff, dynamic ones by self-hosted instances (RFC 7591).
CREATE TABLE clients (
    id                        text PRIMARY KEY,
    secret_hash               text,
    name                      text NOT NULL,
    redirect_uris             text[] NOT NULL,
    post_logout_redirect_uris text[] NOT NULL DEFAULT '{}',
    scopes                    text[] NOT NULL,
    auth_method               text NOT NULL CHECK (auth_method IN ('client_secret_basic', 'none')),
    kind                      text NOT NULL CHECK (kind IN ('first_party', 'dynamic')),
    verified                  boolean NOT NULL DEFAULT false,
    verified_by               text,
    verified_at               timestamptz,
    registration_token_hash   text,
    created_by                text NOT NULL,
    created_at                timestamptz NOT NULL
);

CREATE TABLE consents (
    account_id   uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    client_id    text NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    scopes       text[] NOT NULL,
    granted_at   timestamptz NOT NULL,
    last_used_at timestamptz,
    PRIMARY KEY (account_id, client_id)
);

-- Initial access tokens for RFC 7591 registration: stored hashed, single use.
CREATE TABLE initial_access_tokens (
    token_hash text PRIMARY KEY,
    created_by text NOT NULL,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at    timestamptz,
    used_by_client text
);

-- Roles are granted per first-party client; client_id '*' holds platform roles such as staff.
CREATE TABLE account_roles (
    account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    client_id  text NOT NULL,
    role       text NOT NULL,
    PRIMARY KEY (account_id, client_id, role)
);

CREATE TABLE licenses (
    id            uuid PRIMARY KEY,
    account_id    uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    product       text NOT NULL,
    plan          text NOT NULL,
    status        text NOT NULL CHECK (status IN ('active', 'trialing', 'past_due', 'canceled', 'expired')),
    major_version integer NOT NULL CHECK (major_version >= 0)
);
CREATE INDEX licenses_account ON licenses (account_id);
