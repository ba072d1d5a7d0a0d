// The soak's steady mixed workload on the three services (scripts/soak/soak.mjs runs it and samples meanwhile).
// Every request is counted by service and status; a status the step did not expect is an error. The auth part keeps
// a ledger of everything it makes the service keep in Redis (pending requests, sessions, codes, tokens, grants), so
// the sampler can bound the keys by what is still alive.
import { readFileSync, readdirSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const jitter = (ms) => ms * (0.5 + Math.random());
const base64url = (bytes) => Buffer.from(bytes).toString('base64url');

/** Requests by service: counts per status, latencies of the current sample window, and the errors seen. */
export class Tally {
  constructor() {
    this.byService = {};
    this.errors = [];
    this.errorCount = 0;
  }

  service(name) {
    this.byService[name] ??= { requests: 0, byStatus: {}, windowMs: [], windowRequests: 0 };
    return this.byService[name];
  }

  record(service, status, ms) {
    const s = this.service(service);
    s.requests++;
    s.windowRequests++;
    s.byStatus[status] = (s.byStatus[status] ?? 0) + 1;
    s.windowMs.push(ms);
  }

  error(service, what) {
    this.errorCount++;
    if (this.errors.length < 50) this.errors.push({ time: new Date().toISOString(), service, what });
  }

  /** Requests and p99 latency since the last call, per service; starts a new window. */
  window() {
    const out = {};
    for (const [name, s] of Object.entries(this.byService)) {
      const sorted = s.windowMs.sort((a, b) => a - b);
      out[name] = { requests: s.windowRequests, p99: sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] : 0 };
      s.windowMs = [];
      s.windowRequests = 0;
    }
    return out;
  }
}

/** What the workload made auth-service keep in Redis, with when; each kind lives its time to live after its last use. */
export class Ledger {
  constructor() {
    this.entries = new Map(); // kind:id -> { kind, last }
  }

  touch(kind, id) {
    this.entries.set(`${kind}:${id}`, { kind, last: Date.now() });
  }

  /** Items of each kind used within their kind's lifetime (seconds, by kind) before now. */
  alive(lifetimes) {
    const now = Date.now();
    const counts = {};
    for (const [key, { kind, last }] of this.entries) {
      if (now - last > lifetimes[kind] * 1000) {
        this.entries.delete(key);
      } else {
        counts[kind] = (counts[kind] ?? 0) + 1;
      }
    }
    return counts;
  }
}

/** One HTTP call, counted; answers null (and records an error) for no answer or a status not in expect. */
async function call(tally, service, what, url, { method = 'GET', headers = {}, body, expect = [200] } = {}) {
  const started = performance.now();
  let res;
  let text;
  try {
    res = await fetch(url, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(10_000) });
    text = await res.text();
  } catch (e) {
    tally.record(service, 'none', performance.now() - started);
    tally.error(service, `${what}: no answer (${e.name}: ${e.message})`);
    return null;
  }
  tally.record(service, res.status, performance.now() - started);
  if (!expect.includes(res.status)) {
    tally.error(service, `${what}: ${res.status} ${text.slice(0, 200)}`);
    return null;
  }
  return { status: res.status, headers: res.headers, text };
}

// ---- manifest-service: validations of manifests (valid and invalid) and packages, in the three report formats ----
export function manifestWorkload(root, env, tally) {
  const dir = `${root}/manifest-engine/src/test/resources/manifests`;
  const manifests = ['valid', 'invalid'].flatMap((kind) => readdirSync(`${dir}/${kind}`)
    .map((file) => ({ body: readFileSync(`${dir}/${kind}/${file}`), expect: kind === 'valid' ? 200 : 422, file })));
  const seeds = `${root}/manifest-engine/src/test/resources/dev/pressroom/manifest/pkg/PackageFuzzTestInputs/validatePackageNeverThrows`;
  const packages = readdirSync(seeds).map((file) => readFileSync(`${seeds}/${file}`));
  const accepts = ['application/json', 'text/plain', 'application/sarif+json'];
  let schemaTag = null;
  return async function step() {
    const dice = Math.random();
    if (dice < 0.05) {
      const res = await call(tally, 'manifest', 'schema', `${env.MANIFEST_URL}/v1/manifest.schema.json`, {
        headers: schemaTag ? { 'if-none-match': schemaTag } : {}, expect: [200, 304] });
      schemaTag = res?.headers.get('etag') ?? schemaTag;
    } else if (dice < 0.2) {
      await call(tally, 'manifest', 'package', `${env.MANIFEST_URL}/v1/packages/validate`, {
        method: 'POST', headers: { 'content-type': 'application/zip', accept: pick(accepts) }, body: pick(packages),
        expect: [200, 422] });
    } else {
      const m = pick(manifests);
      await call(tally, 'manifest', `manifest ${m.file}`, `${env.MANIFEST_URL}/v1/manifests/validate?file=addons/${m.file}`, {
        method: 'POST', headers: { 'content-type': 'application/json', accept: pick(accepts) }, body: m.body,
        expect: [m.expect] });
    }
  };
}

// ---- content-service: lists, single items, search, filter, feeds and sitemaps; hits, misses and 304s -------------
/**
 * The requests come from a fixed set (a few hundred spellings), a handful of them hot: the answer cache holds them all
 * after a while, and the blog's periodic re-import (importEvery) drops them, so misses keep happening without the
 * cache growing to its cap over the run.
 */
export async function contentWorkload(env, tally) {
  const api = `${env.CONTENT_URL}/api/content/v1/blogs/${env.CONTENT_BLOG}`;
  const auth = { authorization: `Key ${env.CONTENT_KEY}` };
  const list = async (path, field) => {
    const res = await call(tally, 'content', `setup ${path}`, `${api}${path}`, { headers: auth });
    if (!res) throw new Error(`content-service: GET ${path} failed`);
    return JSON.parse(res.text)[field];
  };
  const posts = await list('/posts?limit=all&fields=slug,title', 'posts');
  const pages = await list('/pages?limit=all&fields=slug', 'pages');
  const tags = await list('/tags', 'tags');
  const authors = await list('/authors', 'authors');
  const words = [...new Set(posts.flatMap((p) => p.title.toLowerCase().match(/\p{L}{4,}/gu) ?? []))];
  const requests = [
    '/posts', '/posts?limit=5', '/settings', '/tags', '/rss/', // the hot ones, first
    ...['2', '5', '15', 'all'].flatMap((limit) => ['1', '2', '3'].flatMap((page) =>
      ['published_at desc', 'published_at asc', 'title asc', 'updated_at desc'].flatMap((order) =>
        ['', '&fields=title,url,published_at', '&include=tags,authors'].map((more) =>
          `/posts?limit=${limit}&page=${page}&order=${encodeURIComponent(order)}${more}`)))),
    ...posts.flatMap((p) => [`/posts/${p.slug}`, `/posts/${p.slug}?formats=both`]),
    ...pages.map((p) => `/pages/${p.slug}`), '/pages',
    ...tags.flatMap((t) => [`/tags/${t.slug}`, `/posts?filter=${encodeURIComponent(`tag:${t.slug}`)}`,
      `/posts?filter=${encodeURIComponent(`tag:-${t.slug}+featured:false`)}`]),
    ...authors.flatMap((a) => [`/authors/${a.username}`, `/posts?filter=${encodeURIComponent(`author:${a.username}`)}`]),
    '/authors', `/posts?filter=${encodeURIComponent("published_at:>'2025-01-01'")}`,
    `/posts?filter=${encodeURIComponent('reading_time:<=5,featured:true')}`,
    `/posts?filter=${encodeURIComponent(`tag:[${tags.map((t) => t.slug).join(',')}]`)}`,
    ...words.flatMap((w) => [`/posts?search=${encodeURIComponent(w)}`, `/posts?search=${encodeURIComponent(w.slice(0, 3))}`]),
    '/posts?search=nothingmatches', '/atom/', '/sitemap.xml', '/sitemap-posts.xml', '/sitemap-pages.xml',
  ];
  const hot = requests.slice(0, 5);
  const etags = new Map();
  const step = async () => {
    const path = Math.random() < 0.5 ? pick(hot) : pick(requests);
    const conditional = etags.has(path) && Math.random() < 0.3;
    // A 304 needs the answer not to have changed: after a re-import the ETag is new and the answer a 200.
    const res = await call(tally, 'content', conditional ? `revalidate ${path}` : path, `${api}${path}`, {
      headers: conditional ? { ...auth, 'if-none-match': etags.get(path) } : auth, expect: conditional ? [304, 200] : [200] });
    if (res?.headers.get('etag')) etags.set(path, res.headers.get('etag'));
  };
  return { step, variants: requests.length };
}

/** Re-imports the demo blog (a new content version: every replica drops the blog's cached answers). */
export function reimport(root, env, tally) {
  return new Promise((resolve) => {
    const started = performance.now();
    execFile('bash', [`${root}/content-service/scripts/admin.sh`, 'import', env.CONTENT_BLOG, `${root}/content-service/demo/kitchen`],
      { env: { ...process.env, QUARKUS_PROFILE: 'dev' }, timeout: 120_000 }, (error, stdout, stderr) => {
        tally.record('content-import', error ? 'failed' : 'ok', performance.now() - started);
        if (error) tally.error('content-import', `admin.sh import: ${error.message} ${stderr.slice(-300)}`);
        resolve();
      });
  });
}

// ---- auth-service: sign-in, code flow, refresh rotation, introspection, user info, revocation, logout, register ---
const REDIRECT = 'http://127.0.0.1:9999/cb';
const LOGGED_OUT = 'http://127.0.0.1:9999/';

/** A browser: its cookies, sent back to the service. */
class Browser {
  constructor() {
    this.cookies = new Map();
  }

  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  keep(res) {
    for (const line of res?.headers.getSetCookie() ?? []) {
      const [pair, ...attributes] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (!value || attributes.some((a) => /max-age=0\b/i.test(a.trim()))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

const formField = (html, name) => html.match(new RegExp(`name="${name}" value="([^"]+)"`))?.[1];

export class AuthWorkload {
  constructor(env, tally, ledger) {
    this.env = env;
    this.tally = tally;
    this.ledger = ledger;
    this.password = 'soak-password-123';
    this.registrations = 0;
  }

  async admin(what, method, path, body, expect) {
    return call(this.tally, 'auth', what, `${this.env.AUTH_ADMIN_URL}${path}`, { method,
      headers: { authorization: `Bearer ${this.env.AUTH_ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: body && JSON.stringify(body), expect });
  }

  /** The people (accounts made once through the admin API; an existing one answers 409). */
  async setup(people) {
    this.emails = [];
    for (let i = 1; i <= people; i++) {
      const email = `soak-${i}@pressroom.test`;
      const res = await this.admin('setup account', 'POST', '/admin/accounts',
        { email, password: this.password, name: `Soak ${i}`, email_verified: true }, [201, 409]);
      if (!res) throw new Error(`auth-service: could not create ${email}`);
      this.emails.push(email);
    }
    this.demoClient = { id: this.env.DEMO_CLIENT_ID, secret: this.env.DEMO_CLIENT_SECRET };
  }

  post(what, path, form, client, expect) {
    return call(this.tally, 'auth', what, `${this.env.AUTH_URL}${path}`, { method: 'POST', expect, body: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}` } });
  }

  /**
   * The code flow in a browser: authorize, then (without a session) sign in, then (the first time) consent, then the
   * code exchange. Answers the grant ({ access, refresh, idToken, retired: [] }) or null.
   */
  async codeFlow(browser, email, client) {
    const verifier = base64url(randomBytes(32));
    const state = base64url(randomBytes(8));
    const query = new URLSearchParams({ response_type: 'code', client_id: client.id, redirect_uri: REDIRECT,
      scope: client.scope, state, nonce: base64url(randomBytes(8)),
      code_challenge: base64url(createHash('sha256').update(verifier).digest()), code_challenge_method: 'S256' });
    const url = `${this.env.AUTH_URL}/oauth/authorize?${query}`;
    let res = await call(this.tally, 'auth', 'authorize', url, { headers: { cookie: browser.header() }, expect: [200, 303] });
    browser.keep(res);
    if (res?.status === 200) {
      const request = formField(res.text, 'request');
      this.ledger.touch('pending', request);
      res = await call(this.tally, 'auth', 'signin', `${this.env.AUTH_URL}/signin`, { method: 'POST', expect: [200, 303],
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: browser.header() },
        body: new URLSearchParams({ request, csrf: formField(res.text, 'csrf'), email, password: this.password }).toString() });
      browser.keep(res);
      if (res) this.ledger.touch('session', browser.cookies.get('pr_session'));
      if (res?.status === 200) {
        const request = formField(res.text, 'request');
        if (!request) {
          this.tally.error('auth', `signin: no consent page: ${res.text.replace(/\s+/g, ' ').slice(0, 200)}`);
          return null;
        }
        this.ledger.touch('pending', request);
        res = await call(this.tally, 'auth', 'consent', `${this.env.AUTH_URL}/consent`, { method: 'POST', expect: [303],
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: browser.header() },
          body: new URLSearchParams({ request, csrf: formField(res.text, 'csrf'), decision: 'allow' }).toString() });
      }
    }
    if (!res) return null;
    const location = new URL(res.headers.get('location'));
    const code = location.searchParams.get('code');
    if (!code || location.searchParams.get('state') !== state) {
      this.tally.error('auth', `authorize: redirected without a code: ${location}`);
      return null;
    }
    this.ledger.touch('code', code);
    res = await this.post('token (code)', '/oauth/token',
      { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier }, client, [200]);
    if (!res) return null;
    const tokens = JSON.parse(res.text);
    const grant = { id: base64url(randomBytes(8)), access: tokens.access_token, refresh: tokens.refresh_token,
      idToken: tokens.id_token, retired: [] };
    this.minted(grant);
    return grant;
  }

  minted(grant) {
    this.ledger.touch('access', grant.access);
    this.ledger.touch('refresh', grant.refresh);
    this.ledger.touch('grant', grant.id);
  }

  async refresh(grant, client) {
    const res = await this.post('token (refresh)', '/oauth/token', { grant_type: 'refresh_token', refresh_token: grant.refresh }, client, [200]);
    if (!res) return false;
    const tokens = JSON.parse(res.text);
    grant.retired.push(grant.refresh);
    grant.access = tokens.access_token;
    grant.refresh = tokens.refresh_token;
    this.minted(grant);
    return true;
  }

  /** Introspects a token and checks the answer says what the workload knows of it. */
  async introspect(token, active, client) {
    const res = await this.post('introspect', '/oauth/introspect', { token }, client, [200]);
    if (res && JSON.parse(res.text).active !== active) this.tally.error('auth', `introspect: active is not ${active}`);
  }

  async userinfo(grant) {
    await call(this.tally, 'auth', 'userinfo', `${this.env.AUTH_URL}/oauth/userinfo`, { headers: { authorization: `Bearer ${grant.access}` } });
  }

  async revoke(token, client) {
    await this.post('revoke', '/oauth/revoke', { token, token_type_hint: 'refresh_token' }, client, [200]);
  }

  async logout(browser, grant, client) {
    const query = new URLSearchParams({ id_token_hint: grant.idToken, post_logout_redirect_uri: LOGGED_OUT, client_id: client.id, state: 'bye' });
    const res = await call(this.tally, 'auth', 'logout', `${this.env.AUTH_URL}/oauth/logout?${query}`, {
      headers: { cookie: browser.header() }, expect: [303] });
    browser.keep(res);
  }

  /**
   * One person's visit: a fresh browser signs in, then uses the grant (refreshes, introspection, user info, a second
   * code flow on the same session) for a while, and leaves: the refresh token revoked, a retired one presented again
   * (which revokes the chain), or the tokens simply left to expire; then signed out, or the session left to expire.
   */
  async visit(email, thinkMs, stopping) {
    const client = { ...this.demoClient, scope: 'openid profile email offline_access' };
    const browser = new Browser();
    const grant = await this.codeFlow(browser, email, client);
    if (!grant) return;
    const steps = 8 + Math.floor(Math.random() * 12);
    for (let i = 0; i < steps && !stopping(); i++) {
      await sleep(jitter(thinkMs));
      const dice = Math.random();
      if (dice < 0.35) {
        if (!(await this.refresh(grant, client))) return;
      } else if (dice < 0.6) {
        await this.introspect(Math.random() < 0.5 ? grant.access : grant.refresh, true, client);
      } else if (dice < 0.8) {
        await this.userinfo(grant);
      } else {
        // Another app tab: a code flow on the existing session, that grant revoked right away.
        const second = await this.codeFlow(browser, email, client);
        if (second) await this.revoke(second.refresh, client);
      }
    }
    const end = Math.random();
    if (end < 0.5) {
      await this.revoke(grant.refresh, client);
      await this.introspect(grant.access, false, client);
    } else if (end < 0.7 && grant.retired.length > 1) {
      // A stolen, already used refresh token comes back: the whole chain is revoked (RFC 9700 §4.14.2). Not the last
      // retired one: its successor is unused, so it would be a retry within the grace.
      await this.post('token (reuse)', '/oauth/token', { grant_type: 'refresh_token', refresh_token: pick(grant.retired.slice(0, -1)) }, client, [400]);
      await this.introspect(grant.refresh, false, client);
    }
    if (Math.random() < 0.6) await this.logout(browser, grant, client);
  }

  /** A self-hosted instance registers itself (initial access token from staff), and a person uses it once. */
  async register() {
    const n = ++this.registrations;
    let res = await this.admin('initial access token', 'POST', '/admin/initial-access-tokens', null, [201]);
    if (!res) return;
    res = await call(this.tally, 'auth', 'register', `${this.env.AUTH_URL}/oauth/register`, { method: 'POST', expect: [201],
      headers: { authorization: `Bearer ${JSON.parse(res.text).initial_access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: `Soak instance ${n}`, redirect_uris: [REDIRECT], post_logout_redirect_uris: [LOGGED_OUT],
        token_endpoint_auth_method: 'client_secret_basic', scope: 'openid profile offline_access' }) });
    if (!res) return;
    const registered = JSON.parse(res.text);
    const client = { id: registered.client_id, secret: registered.client_secret, scope: 'openid profile offline_access' };
    const grant = await this.codeFlow(new Browser(), pick(this.emails), client);
    if (grant && (await this.refresh(grant, client))) await this.revoke(grant.refresh, client);
  }
}
