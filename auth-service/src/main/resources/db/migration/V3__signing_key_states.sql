-- Lifecycle of the signing keys whose private keys live in AUTH_KEYS_DIR (one Kubernetes Secret for all replicas).
-- published: in the JWKS, not signing yet; active: signs (at most one); retired: no longer published.
CREATE TABLE signing_keys (
    kid        text PRIMARY KEY,
    state      text NOT NULL CHECK (state IN ('published', 'active', 'retired')),
    changed_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX signing_keys_one_active ON signing_keys (state) WHERE state = 'active';
