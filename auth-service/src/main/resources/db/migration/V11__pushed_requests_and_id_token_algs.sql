-- RFC 9126 §6: a client whose authorization requests must come through the pushed authorization request endpoint.
ALTER TABLE clients
    ADD COLUMN require_pushed_authorization_requests boolean NOT NULL DEFAULT false;
