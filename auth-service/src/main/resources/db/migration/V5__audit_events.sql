-- Security-relevant events (README, "Audit events"), kept AUTH_AUDIT_RETENTION (90 days) and then deleted.
-- No foreign keys: an event outlives the account or client it names. details holds a few bounded fields, never a
-- password, token, code, secret or key.
CREATE TABLE audit_events (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    occurred_at timestamptz NOT NULL,
    type        text NOT NULL,
    account_id  uuid,
    client_id   text,
    address     text,
    user_agent  text,
    details     jsonb NOT NULL DEFAULT '{}'
);
-- Retention deletes by time; the admin API and the account page page backwards by id within a filter.
CREATE INDEX audit_events_occurred_at ON audit_events (occurred_at);
CREATE INDEX audit_events_account ON audit_events (account_id, id) WHERE account_id IS NOT NULL;
CREATE INDEX audit_events_client ON audit_events (client_id, id) WHERE client_id IS NOT NULL;
CREATE INDEX audit_events_type ON audit_events (type, id);
