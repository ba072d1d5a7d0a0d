-- OpenID Connect Back-Channel Logout 1.0 §2.2: where a client hears that a session at this provider ended, and
-- whether it needs the session's sid in the logout token.
ALTER TABLE clients
    ADD COLUMN backchannel_logout_uri text,
    ADD COLUMN backchannel_logout_session_required boolean NOT NULL DEFAULT false;
