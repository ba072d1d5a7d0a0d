-- Sitemaps read the url and updated_at of a range of ranks (one file) and the newest update of each file. With both
-- columns in the rank index, that is an index-only walk instead of a read of every post row: the sitemap index of
-- the 100,000-post bench blog took 300 ms in PostgreSQL for its file lastmods (every post's heap row), 28 ms now.
CREATE INDEX post_rank_cover_idx ON post (blog_id, type, list_rank) INCLUDE (updated_at, url) WHERE listed;
DROP INDEX post_rank_idx;
ALTER INDEX post_rank_cover_idx RENAME TO post_rank_idx;
