-- Each consent gets an id that tokens carry: a token issued under a consent that was removed (even if the person
-- later consents again) no longer refreshes. Adding scopes to a consent keeps its id.
ALTER TABLE consents ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid();
