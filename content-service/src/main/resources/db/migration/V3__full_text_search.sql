-- Full-text search of posts and pages: title (weight A), excerpt (B) and the body's plain text (C) in one stored
-- tsvector, stemmed with the text search configuration of the blog's language (search_config, set at import from
-- settings.lang), behind a GIN index of the listed rows. body_text also feeds the highlighted snippets.
ALTER TABLE post ADD COLUMN body_text text NOT NULL DEFAULT '';
ALTER TABLE post ADD COLUMN search_config regconfig NOT NULL DEFAULT 'simple';

-- Rows imported before this migration: text from the stored HTML (imports compute it from the Markdown instead),
-- configuration from the blog's language, as content.search.SearchLanguage maps it.
UPDATE post p SET
    body_text = btrim(regexp_replace(replace(replace(replace(replace(replace(
        regexp_replace(p.html, '<[^>]*>', ' ', 'g'), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&'),
        '\s+', ' ', 'g')),
    search_config = COALESCE((SELECT l.config FROM (VALUES ('ar', 'arabic'), ('hy', 'armenian'), ('eu', 'basque'),
        ('ca', 'catalan'), ('da', 'danish'), ('nl', 'dutch'), ('en', 'english'), ('fi', 'finnish'), ('fr', 'french'),
        ('de', 'german'), ('el', 'greek'), ('hi', 'hindi'), ('hu', 'hungarian'), ('id', 'indonesian'), ('ga', 'irish'),
        ('it', 'italian'), ('lt', 'lithuanian'), ('ne', 'nepali'), ('no', 'norwegian'), ('nb', 'norwegian'),
        ('nn', 'norwegian'), ('pt', 'portuguese'), ('ro', 'romanian'), ('ru', 'russian'), ('sr', 'serbian'),
        ('es', 'spanish'), ('sv', 'swedish'), ('ta', 'tamil'), ('tr', 'turkish'), ('yi', 'yiddish')) AS l (lang, config)
        WHERE l.lang = lower(split_part(b.settings::json ->> 'lang', '-', 1))), 'simple')::regconfig
FROM blog b WHERE b.id = p.blog_id;

ALTER TABLE post ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector(search_config, title), 'A')
    || setweight(to_tsvector(search_config, excerpt), 'B')
    || setweight(to_tsvector(search_config, body_text), 'C')) STORED;

-- Only listed rows are searched. The blog is checked on the matching rows (btree_gin, which could put blog_id in
-- the index, is an extension not every managed PostgreSQL allows).
CREATE INDEX post_search_idx ON post USING gin (search_vector) WHERE listed;
