-- An initial access token may register up to max_uses clients (an operator provisioning a fleet; one by default).
-- uses counts the registrations made with it, each also recorded in the audit log under the token's id, which names
-- a token in the admin API and the audit log without revealing it. used_at and used_by_client are the latest use.
ALTER TABLE initial_access_tokens
    ADD COLUMN id       uuid    NOT NULL DEFAULT gen_random_uuid() UNIQUE,
    ADD COLUMN max_uses integer NOT NULL DEFAULT 1 CHECK (max_uses >= 1),
    ADD COLUMN uses     integer NOT NULL DEFAULT 0;
UPDATE initial_access_tokens SET uses = 1 WHERE used_at IS NOT NULL;
ALTER TABLE initial_access_tokens ADD CONSTRAINT initial_access_tokens_within_max CHECK (uses <= max_uses);
