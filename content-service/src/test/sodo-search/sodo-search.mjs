// Sodo search's own search index (the class its published bundle uses to fetch and search a site's content), run in
// node against content-service: PRESSROOM_BLOG_URL is what a theme puts in data-sodo-search, PRESSROOM_KEY its
// data-key. Prints one JSON line: how many documents each index loaded and what each search term (arguments) found.
import fs from 'node:fs';
import vm from 'node:vm';

const bundle = fs.readFileSync(
    new URL('./node_modules/@tryghost/sodo-search/umd/sodo-search.min.js', import.meta.url), 'utf8');
// The bundle keeps its search index class private; this names it on the global object, changing nothing else.
const indexClass = /(\w+)=class\{constructor\(\{adminUrl:\w+,apiKey:\w+,dir:\w+\}\)/g;
const found = [...bundle.matchAll(indexClass)];
if (found.length !== 1) {
    throw new Error(`expected the search index class once in the bundle, found it ${found.length} times`);
}
const exposed = bundle.replace(indexClass, (all, name) => all.replace(`${name}=class`, `${name}=globalThis.SearchIndex=class`));

const context = vm.createContext({fetch, console, setTimeout, clearTimeout, queueMicrotask, URL, TextEncoder, TextDecoder});
try {
    vm.runInContext(exposed, context);
} catch (e) {
    // The app's start-up needs a page (document); the class is defined before it.
    if (e.name !== 'ReferenceError' || !String(e.message).includes('document')) {
        throw e;
    }
}

const index = new context.SearchIndex({adminUrl: process.env.PRESSROOM_BLOG_URL, apiKey: process.env.PRESSROOM_KEY, dir: 'ltr'});
const fetched = [];
const realFetch = context.fetch;
context.fetch = async (url) => {
    const response = await realFetch(url);
    fetched.push({
        url: String(url).replace(/key=[^&]*/, 'key=REDACTED'),
        status: response.status,
        body: response.ok ? undefined : await response.clone().text()
    });
    return response;
};
try {
    await index.init();
} catch (e) {
    // Sodo search expects every index to answer its list: say what was answered instead.
    console.error(JSON.stringify({fetched}), e.message);
    process.exit(1);
}

const size = (documents) => Object.keys(documents.store ?? {}).length || documents.store?.size || 0;
const results = {};
for (const term of process.argv.slice(2)) {
    results[term] = index.search(term);
}
console.log(JSON.stringify({
    fetched,
    loaded: {posts: size(index.postsIndex), authors: size(index.authorsIndex), tags: size(index.tagsIndex)},
    results
}));
