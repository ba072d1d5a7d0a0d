-- Position of each listed post in its blog's newest-first list (1 = newest), numbered at import, so a page deep in
-- the default order is a range lookup on an index instead of walking every entry before it.
ALTER TABLE post ADD COLUMN list_rank integer;
CREATE INDEX post_rank_idx ON post (blog_id, type, list_rank) WHERE listed;
