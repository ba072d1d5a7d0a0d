-- RFC 9449 §5.2: a client registered with dpop_bound_access_tokens gets no token without a DPoP proof.
ALTER TABLE clients
    ADD COLUMN dpop_bound_access_tokens boolean NOT NULL DEFAULT false;
