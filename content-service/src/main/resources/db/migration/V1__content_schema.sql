-- Blogs and their content. JSON values are stored as text, exactly as answers show them. Everything a read needs is rendered and denormalised at import time
-- (HTML, URLs, JSON-LD, counts), so the API only selects by index and copies.

CREATE TABLE blog (
    id              text PRIMARY KEY,
    name            text NOT NULL UNIQUE,
    custom_domain   text,
    url             text NOT NULL,
    private         boolean NOT NULL DEFAULT false,
    -- Bumped by every import or key change; answers, ETags and caches are keyed by it.
    content_version bigint NOT NULL DEFAULT 1,
    settings        text NOT NULL,
    post_count      integer NOT NULL DEFAULT 0,
    page_count      integer NOT NULL DEFAULT 0,
    updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE content_key (
    id              text PRIMARY KEY,
    blog_id         text NOT NULL REFERENCES blog (id) ON DELETE CASCADE,
    -- HMAC-SHA-256 of the key with the pepper; the key itself is never stored.
    key_hash        text NOT NULL UNIQUE,
    label           text NOT NULL,
    allowed_origins text[] NOT NULL DEFAULT '{}',
    created_at      timestamptz NOT NULL DEFAULT now(),
    revoked_at      timestamptz
);
CREATE INDEX content_key_blog_idx ON content_key (blog_id, label);

CREATE TABLE author (
    id            text PRIMARY KEY,
    blog_id       text NOT NULL REFERENCES blog (id) ON DELETE CASCADE,
    username      text NOT NULL,
    name          text NOT NULL,
    bio           text NOT NULL DEFAULT '',
    profile_image text,
    url           text NOT NULL,
    links         text NOT NULL DEFAULT '[]',
    role          text NOT NULL,
    on_team       boolean NOT NULL DEFAULT true,
    position      integer NOT NULL,
    post_count    integer NOT NULL DEFAULT 0,
    UNIQUE (blog_id, username)
);

CREATE TABLE tag (
    id          text PRIMARY KEY,
    blog_id     text NOT NULL REFERENCES blog (id) ON DELETE CASCADE,
    slug        text NOT NULL,
    name        text NOT NULL,
    description text NOT NULL DEFAULT '',
    url         text NOT NULL,
    post_count  integer NOT NULL DEFAULT 0,
    UNIQUE (blog_id, slug)
);
CREATE INDEX tag_popular_idx ON tag (blog_id, post_count DESC, slug) WHERE post_count > 0;

CREATE TABLE post (
    id                  text PRIMARY KEY,
    blog_id             text NOT NULL REFERENCES blog (id) ON DELETE CASCADE,
    type                text NOT NULL CHECK (type IN ('post', 'page')),
    slug                text NOT NULL,
    status              text NOT NULL CHECK (status IN ('draft', 'scheduled', 'published')),
    visibility          text NOT NULL CHECK (visibility IN ('public', 'unlisted')),
    -- Published and public: the only rows lists show.
    listed              boolean NOT NULL,
    featured            boolean NOT NULL DEFAULT false,
    title               text NOT NULL,
    url                 text NOT NULL,
    html                text NOT NULL,
    markdown            text NOT NULL,
    excerpt             text NOT NULL,
    custom_excerpt      text,
    published_at        timestamptz,
    updated_at          timestamptz NOT NULL,
    word_count          integer NOT NULL,
    reading_time        integer NOT NULL,
    toc                 text NOT NULL DEFAULT '[]',
    feature_image       text,
    feature_image_alt   text,
    feature_image_width  integer,
    feature_image_height integer,
    feature_image_sizes  text,
    feature_image_srcset text,
    meta_title          text,
    meta_description    text,
    og_image            text,
    canonical_url       text,
    json_ld             text NOT NULL DEFAULT '[]',
    recipe              text,
    rating_average      numeric(3, 2),
    rating_count        integer,
    review_count        integer,
    made                integer,
    primary_tag         text,
    primary_author      text,
    tags                text NOT NULL DEFAULT '[]',
    UNIQUE (blog_id, slug)
);
-- One index per list order, covering the listed rows only: first pages, deep pages (an index-only
-- walk of ids) and counts never touch the heap of drafts or unlisted posts.
CREATE INDEX post_published_idx ON post (blog_id, type, published_at DESC, id DESC) WHERE listed;
CREATE INDEX post_featured_idx ON post (blog_id, type, featured, published_at DESC, id DESC) WHERE listed;
CREATE INDEX post_title_idx ON post (blog_id, type, title, id) WHERE listed;
CREATE INDEX post_updated_idx ON post (blog_id, type, updated_at DESC, id DESC) WHERE listed;

-- Ordered tags and authors of a post (position 0 is primary), with the post's sort key copied in
-- so a tag or author filter walks one index in published order.
CREATE TABLE post_tag (
    post_id      text NOT NULL REFERENCES post (id) ON DELETE CASCADE,
    tag_id       text NOT NULL REFERENCES tag (id) ON DELETE CASCADE,
    position     integer NOT NULL,
    type         text NOT NULL,
    listed       boolean NOT NULL,
    published_at timestamptz,
    PRIMARY KEY (post_id, tag_id)
);
CREATE INDEX post_tag_listed_idx ON post_tag (tag_id, type, published_at DESC, post_id DESC) WHERE listed;

CREATE TABLE post_author (
    post_id      text NOT NULL REFERENCES post (id) ON DELETE CASCADE,
    author_id    text NOT NULL REFERENCES author (id) ON DELETE CASCADE,
    position     integer NOT NULL,
    type         text NOT NULL,
    listed       boolean NOT NULL,
    published_at timestamptz,
    PRIMARY KEY (post_id, author_id)
);
CREATE INDEX post_author_listed_idx ON post_author (author_id, type, published_at DESC, post_id DESC) WHERE listed;

-- Readers' star ratings of recipe posts, with an optional written review.
CREATE TABLE rating (
    id         bigserial PRIMARY KEY,
    post_id    text NOT NULL REFERENCES post (id) ON DELETE CASCADE,
    reader     text NOT NULL,
    stars      smallint NOT NULL CHECK (stars BETWEEN 1 AND 5),
    review     text,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rating_post_idx ON rating (post_id);
