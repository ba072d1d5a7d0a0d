-- Each change of a consent takes a number from one sequence: a grant stores it in the row, a removal takes one after
-- its delete. The authorization's copy of the consent in Redis (store/ConsentMirror) keeps only the highest-numbered
-- state it was told of, so a copy read before a removal cannot be written back over it.
CREATE SEQUENCE consent_versions;
ALTER TABLE consents ADD COLUMN version bigint NOT NULL DEFAULT nextval('consent_versions');
