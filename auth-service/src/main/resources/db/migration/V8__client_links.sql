-- A client's logo and pages (RFC 7591 §2 logo_uri, client_uri, policy_uri, tos_uri): https URLs or null, shown on the
-- consent page only while the client is verified.
ALTER TABLE clients
    ADD COLUMN logo_uri   text,
    ADD COLUMN client_uri text,
    ADD COLUMN policy_uri text,
    ADD COLUMN tos_uri    text;
