// Runs Ghost's official Content API client (@tryghost/content-api) and helpers (@tryghost/helpers) against
// content-service, comparing what a theme reads with what our own routes answer. Started by GhostClientTest.
// Prints one line per check ("ok <name>" or "FAIL <name>: <why>") and exits 1 when any check failed.
'use strict';

const GhostContentAPI = require('@tryghost/content-api');
const {tags: tagsHelper, readingTime} = require('@tryghost/helpers');

const BLOG_URL = process.env.PRESSROOM_BLOG_URL; // .../api/content/v1/blogs/<name>
const KEY = process.env.PRESSROOM_KEY;

// A Ghost front end's configuration, with only the URL and the key changed.
const api = new GhostContentAPI({url: BLOG_URL, key: KEY, version: 'v6.0'});

const POST_FIELDS = ['id', 'title', 'slug', 'html', 'feature_image', 'feature_image_alt', 'featured', 'visibility',
    'published_at', 'updated_at', 'custom_excerpt', 'canonical_url', 'url', 'excerpt', 'reading_time', 'og_image',
    'meta_title', 'meta_description'];
const TAG_FIELDS = ['id', 'name', 'slug', 'url'];
const SETTINGS_FIELDS = ['title', 'description', 'logo', 'icon', 'accent_color', 'cover_image', 'lang', 'url',
    'navigation', 'secondary_navigation', 'meta_title', 'meta_description'];

let failed = 0;

function check(name, condition, detail) {
    if (condition) {
        console.log(`ok ${name}`);
    } else {
        failed++;
        console.log(`FAIL ${name}: ${detail}`);
    }
}

async function ours(path) {
    const separator = path.includes('?') ? '&' : '?';
    const res = await fetch(`${BLOG_URL}${path}${separator}key=${encodeURIComponent(KEY)}`);
    if (res.status !== 200) {
        throw new Error(`our ${path} answered ${res.status}`);
    }
    return res.json();
}

/** Byte for byte: the JSON text of each field a theme uses, Ghost's name on the left, ours on the right. */
function sameFields(name, ghost, own, fields, rename = {}) {
    const differing = fields.filter(f => JSON.stringify(ghost[f]) !== JSON.stringify(own[rename[f] || f]));
    check(name, differing.length === 0 && ghost.id !== undefined,
        `fields differ: ${differing.map(f => `${f}=${JSON.stringify(ghost[f])} vs ${JSON.stringify(own[rename[f] || f])}`).join('; ')}`);
}

function samePosts(name, ghostPosts, ownPosts) {
    check(`${name} count`, ghostPosts.length === ownPosts.length, `${ghostPosts.length} vs ${ownPosts.length}`);
    ghostPosts.forEach((p, i) => sameFields(`${name}[${i}]`, p, ownPosts[i] || {}, POST_FIELDS));
}

async function expectError(name, call, type) {
    try {
        await call();
        check(name, false, 'no error');
    } catch (err) {
        check(name, err.name === type && typeof err.message === 'string' && err.response.status >= 400,
            `${err.name}: ${err.message}`);
    }
}

async function main() {
    // posts.browse with includes: fields, relations and pagination as ours.
    const page1 = await api.posts.browse({limit: 2, page: 1, include: 'tags,authors'});
    const own1 = await ours('/posts?limit=2&page=1&include=tags,authors');
    samePosts('posts.browse', page1, own1.posts);
    check('posts.browse meta.pagination', JSON.stringify(page1.meta.pagination) === JSON.stringify(own1.meta.pagination),
        `${JSON.stringify(page1.meta.pagination)} vs ${JSON.stringify(own1.meta.pagination)}`);
    page1.forEach((p, i) => {
        const own = own1.posts[i];
        check(`posts.browse[${i}] tags`, JSON.stringify(p.tags.map(t => TAG_FIELDS.map(f => t[f])))
            === JSON.stringify(own.tags.map(t => TAG_FIELDS.map(f => t[f]))), JSON.stringify(p.tags));
        check(`posts.browse[${i}] primary_tag`, p.primary_tag.slug === own.primary_tag.slug, p.primary_tag.slug);
        own.authors.forEach((a, j) => sameFields(`posts.browse[${i}] authors[${j}]`, p.authors[j], a,
            ['id', 'name', 'slug', 'profile_image', 'url'], {slug: 'username'}));
        check(`posts.browse[${i}] primary_author`, p.primary_author.slug === own.primary_author.username,
            p.primary_author.slug);
        // The helpers a theme renders a post card with.
        check(`helpers.tags[${i}]`, tagsHelper(p) === own.tags.map(t => t.name).join(', '), tagsHelper(p));
        check(`helpers.tags limit[${i}]`, tagsHelper(p, {limit: 1}) === own.primary_tag.name, tagsHelper(p, {limit: 1}));
        const minutes = own.reading_time <= 1 ? '1 min read' : `${own.reading_time} min read`;
        check(`helpers.readingTime[${i}]`, readingTime(p) === minutes, readingTime(p));
    });

    // Walking every page by meta.pagination.next reaches every post once, in our order.
    const walked = [];
    for (let page = 1; page; ) {
        const posts = await api.posts.browse({limit: 2, page});
        walked.push(...posts.map(p => p.slug));
        page = posts.meta.pagination.next;
    }
    const all = await ours('/posts?limit=100');
    check('posts.browse pages walked', JSON.stringify(walked) === JSON.stringify(all.posts.map(p => p.slug)),
        JSON.stringify(walked));

    // filter (NQL), fields, order, limit=all.
    const filtered = await api.posts.browse({filter: 'tag:techniques+featured:false', fields: 'id,title,slug,url'});
    const ownFiltered = await ours('/posts?filter=' + encodeURIComponent('tag:techniques+featured:false'));
    check('posts.browse filter', JSON.stringify(filtered.map(p => p.slug))
        === JSON.stringify(ownFiltered.posts.map(p => p.slug)) && filtered.length > 0, JSON.stringify(filtered.map(p => p.slug)));
    check('posts.browse fields', filtered.every(p => JSON.stringify(Object.keys(p)) === '["id","title","slug","url"]'),
        JSON.stringify(Object.keys(filtered[0])));
    const oldest = await api.posts.browse({order: 'published_at ASC', limit: 'all'});
    const ownOldest = await ours('/posts?order=' + encodeURIComponent('published_at asc') + '&limit=100');
    samePosts('posts.browse order', oldest, ownOldest.posts);

    // posts.read by slug and by id.
    const bySlug = await api.posts.read({slug: all.posts[0].slug}, {include: 'tags,authors'});
    const ownOne = await ours(`/posts/${all.posts[0].slug}`);
    sameFields('posts.read slug', bySlug, ownOne.posts[0], POST_FIELDS);
    const byId = await api.posts.read({id: all.posts[0].id});
    sameFields('posts.read id', byId, ownOne.posts[0], POST_FIELDS);
    check('posts.read id without include', byId.tags === undefined && byId.primary_tag === undefined, JSON.stringify(byId.tags));

    // pages.
    const pages = await api.pages.browse({limit: 'all'});
    const ownPages = await ours('/pages?limit=100');
    samePosts('pages.browse', pages, ownPages.posts === undefined ? ownPages.pages : ownPages.posts);
    const about = await api.pages.read({slug: ownPages.pages[0].slug});
    sameFields('pages.read slug', about, ownPages.pages[0], POST_FIELDS);

    // tags and authors.
    const tags = await api.tags.browse({limit: 'all', include: 'count.posts'});
    const ownTags = await ours('/tags');
    check('tags.browse count', tags.length === ownTags.tags.length, `${tags.length}`);
    tags.forEach((t, i) => sameFields(`tags.browse[${i}]`, t, ownTags.tags[i], [...TAG_FIELDS, 'count']));
    sameFields('tags.read slug', await api.tags.read({slug: ownTags.tags[0].slug}), ownTags.tags[0], TAG_FIELDS);
    sameFields('tags.read id', await api.tags.read({id: ownTags.tags[0].id}), ownTags.tags[0], TAG_FIELDS);
    const authors = await api.authors.browse({include: 'count.posts'});
    const ownAuthors = await ours('/authors');
    check('authors.browse count', authors.length === ownAuthors.authors.length, `${authors.length}`);
    const authorFields = ['id', 'name', 'slug', 'profile_image', 'bio', 'url', 'count'];
    authors.forEach((a, i) => sameFields(`authors.browse[${i}]`, a, ownAuthors.authors[i], authorFields, {slug: 'username'}));
    sameFields('authors.read slug', await api.authors.read({slug: ownAuthors.authors[0].username}), ownAuthors.authors[0],
        ['id', 'name', 'slug', 'url'], {slug: 'username'});
    sameFields('authors.read id', await api.authors.read({id: ownAuthors.authors[0].id}), ownAuthors.authors[0],
        ['id', 'name', 'slug', 'url'], {slug: 'username'});

    // settings, and what a site without members has.
    const settings = await api.settings.browse();
    const ownSettings = (await ours('/settings')).settings;
    const differing = SETTINGS_FIELDS.filter(f => JSON.stringify(settings[f]) !== JSON.stringify(ownSettings[f]));
    check('settings.browse', differing.length === 0, differing.join(','));
    check('settings members off', settings.members_enabled === false && settings.paid_members_enabled === false,
        JSON.stringify(settings.members_enabled));
    check('tiers.browse', (await api.tiers.browse()).length === 0, 'tiers found');
    check('newsletters.browse', (await api.newsletters.browse()).length === 0, 'newsletters found');

    // Errors reach the client as Ghost's: the error's name is Ghost's type.
    await expectError('posts.read missing', () => api.posts.read({slug: 'no-such-post'}), 'NotFoundError');
    await expectError('offers.read', () => api.offers.read({id: '0123456789abcdef01234567'}), 'NotFoundError');
    await expectError('posts.browse bad filter', () => api.posts.browse({filter: 'tag:'}), 'BadRequestError');
    const wrongKey = new GhostContentAPI({url: BLOG_URL, key: '0123456789abcdef0123456789', version: 'v6.0'});
    await expectError('wrong key', () => wrongKey.posts.browse(), 'UnauthorizedError');

    console.log(`CHECKS DONE FAILED ${failed}`);
    process.exit(failed === 0 ? 0 : 1);
}

main().catch((err) => {
    console.log(`FAIL crashed: ${err.stack}`);
    process.exit(1);
});
