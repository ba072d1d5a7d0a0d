// make fuzz-http: hostile HTTP against the three running services, generated with fast-check. Every answer must be
// below 500 (or a 503 with Retry-After, the documented "try again"), arrive within 2 s, and every 4xx must be in the
// service's documented error shape. Bounded by FUZZ_HTTP_RUNS requests and FUZZ_HTTP_SECONDS per group; loopback only.
// Reads the addresses and demo credentials from .local/demo.env (written by make run).
import fc from 'fast-check';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';

const env = { ...Object.fromEntries(readFileSync(process.argv[2] ?? '.local/demo.env', 'utf8').split('\n')
  .filter((line) => /^[A-Z_]+=/.test(line)).map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)])),
  ...process.env };
const RUNS = Number(env.FUZZ_HTTP_RUNS ?? 2000);
const SECONDS = Number(env.FUZZ_HTTP_SECONDS ?? 120);
const PARALLEL = Number(env.FUZZ_HTTP_PARALLEL ?? 8);
const SLOW_MS = 2000;

for (const url of [env.MANIFEST_URL, env.CONTENT_URL, env.AUTH_URL]) {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(host)) {
    throw new Error(`refusing to fuzz ${url}: loopback only`);
  }
}

// ---- values an attacker or a broken client sends --------------------------------------------------------------
const nasty = fc.constantFrom('', ' ', '%', '%00', '\u0000', '\uFEFF', '\u202E', '../', '..%2f', '${jndi:ldap://x/a}',
  "' OR 1=1 --", '<script>alert(1)</script>', 'null', 'undefined', '-1', '0', '9'.repeat(40), 'NaN', '1e309', '[]', '{}',
  'true', '\r\nX-Injected: 1', 'é', 'e\u0301', '\uD83C\uDF89', '𝕏'.repeat(300), 'a'.repeat(9000), '*', ',', '+', '&', '=');
const text = fc.oneof(
  { weight: 3, arbitrary: fc.string() },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 3, arbitrary: nasty },
  { weight: 2, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) });
const params = (names) => fc.array(fc.tuple(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...names) },
  { weight: 1, arbitrary: text }), text), { maxLength: 8 });
const methods = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD');
const contentTypes = fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain',
  'application/zip', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', '', 'a/b', '*/*');
const accepts = fc.constantFrom('*/*', 'application/json', 'text/html', 'text/plain', 'application/sarif+json',
  'application/xml', 'image/png', '', 'application/json;q=0, */*;q=0');
/** Mostly an Accept the service can answer, so the request reaches its parsers; sometimes any. */
const usualAccept = fc.oneof({ weight: 6, arbitrary: fc.constantFrom('*/*', 'application/json') }, { weight: 1, arbitrary: accepts });
const bytes = fc.uint8Array({ maxLength: 4000 }).map((a) => Buffer.from(a));

/** Flips, cuts and splices a valid body, the way a fuzzer mutates a seed. */
const mutated = (seed) => fc.tuple(fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 12 }),
  fc.option(fc.nat()), fc.option(fc.tuple(fc.nat(), bytes))).map(([flips, cut, splice]) => {
  let out = Buffer.from(seed);
  for (const [at, value] of flips) if (out.length) out[at % out.length] = value;
  if (cut !== null && out.length) out = out.subarray(0, cut % out.length);
  if (splice !== null) out = Buffer.concat([out.subarray(0, splice[0] % (out.length + 1)), splice[1], out.subarray(splice[0] % (out.length + 1))]);
  return out;
});

const jsonValue = fc.jsonValue({ maxDepth: 4 });
const form = (names) => params(names).map((pairs) => new URLSearchParams(pairs).toString());

// ---- what each service documents as its error shape -----------------------------------------------------------
const envelope = (body) => Array.isArray(body?.errors) && body.errors.length > 0
  && body.errors.every((e) => typeof e.type === 'string' && typeof e.code === 'string' && typeof e.message === 'string');
const report = (body) => typeof body?.valid === 'boolean' && Array.isArray(body.errors ?? []);
const oauthError = (body) => typeof body?.error === 'string' && body.error.length > 0;

const sarif = (body) => body?.version === '2.1.0' && Array.isArray(body.runs);
/** Over the HTTP limits (request line, headers, body) the HTTP server answers before any route: a bare status. */
const httpLimit = (res) => [413, 414, 431].includes(res.status) && res.bodyText.length === 0;

function documented(service, res, body, contentType) {
  if (httpLimit(res)) return true;
  if (service === 'manifest' && res.status === 422) {
    // The validation report, in the format the Accept header chose: JSON, compiler-style text or SARIF.
    return report(body) || sarif(body) || (contentType.startsWith('text/plain') && res.bodyText.length > 0);
  }
  if (service === 'manifest') return envelope(body);
  if (service === 'content') return envelope(body);
  // auth: JSON APIs answer RFC 6749 errors or the platform envelope; browser endpoints answer the HTML error page.
  return oauthError(body) || envelope(body) || (contentType.startsWith('text/html') && res.bodyText.length > 0);
}

// ---- one request, judged ----------------------------------------------------------------------------------------
async function send(service, base, request) {
  const url = new URL(base + request.path);
  for (const [k, v] of request.query ?? []) url.searchParams.append(k, v);
  const headers = { ...(request.headers ?? {}) };
  const started = performance.now();
  let res;
  try {
    res = await fetch(url, { method: request.method, headers, body: ['GET', 'HEAD'].includes(request.method) ? undefined : request.body,
      redirect: 'manual', signal: AbortSignal.timeout(10_000) });
  } catch (e) {
    if (e instanceof TypeError && /header|ByteString|Invalid/i.test(String(e.cause ?? e.message))) return { skipped: true };
    return { failure: `no answer: ${e.name} ${e.message}`, ms: performance.now() - started };
  }
  const raw = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - started;
  res.bodyText = raw.toString('utf8');
  const contentType = res.headers.get('content-type') ?? '';
  let body = null;
  try { body = JSON.parse(res.bodyText); } catch { /* not JSON */ }
  if (res.status >= 500 && !(res.status === 503 && res.headers.get('retry-after'))) return { status: res.status, ms, failure: `${res.status}: ${res.bodyText.slice(0, 300)}` };
  if (ms > SLOW_MS) return { status: res.status, ms, failure: `took ${Math.round(ms)} ms` };
  if (res.status >= 400 && res.status < 500 && request.method !== 'HEAD' && !documented(service, res, body, contentType)) {
    return { status: res.status, ms, failure: `${res.status} not in the documented shape (${contentType}): ${res.bodyText.slice(0, 300)}` };
  }
  return { status: res.status, ms };
}

async function runGroup(name, service, base, arbitrary) {
  const deadline = Date.now() + SECONDS * 1000;
  const samples = fc.sample(arbitrary, { numRuns: RUNS, seed: Number(env.FUZZ_HTTP_SEED ?? 20261124) });
  const tally = { group: name, sent: 0, skipped: 0, byStatus: {}, byCode: {}, slowestMs: 0, failures: [] };
  let next = 0;
  async function worker() {
    while (next < samples.length && Date.now() < deadline) {
      const request = samples[next++];
      const result = await send(service, base, request);
      if (result.skipped) { tally.skipped++; continue; }
      tally.sent++;
      const cls = result.status ? `${Math.floor(result.status / 100)}xx` : 'none';
      tally.byStatus[cls] = (tally.byStatus[cls] ?? 0) + 1;
      tally.byCode[result.status ?? 'none'] = (tally.byCode[result.status ?? 'none'] ?? 0) + 1;
      tally.slowestMs = Math.max(tally.slowestMs, Math.round(result.ms ?? 0));
      if (result.failure && tally.failures.length < 20) {
        tally.failures.push({ failure: result.failure, request: { ...request, body: request.body === undefined ? undefined : String(request.body).slice(0, 500) } });
      } else if (result.failure) {
        tally.failures.push({ failure: result.failure });
      }
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return tally;
}

// ---- the groups ---------------------------------------------------------------------------------------------------
const manifestSeed = readFileSync(new URL('../../manifest-engine/src/test/resources/manifests/valid/feature-app.json', import.meta.url));
const packageSeed = readFileSync(new URL('../../manifest-engine/src/test/resources/dev/pressroom/manifest/pkg/PackageFuzzTestInputs/validatePackageNeverThrows/theme-package', import.meta.url));
const blog = env.CONTENT_BLOG ?? 'demo';
const key = env.CONTENT_KEY ?? '';
const contentParams = ['key', 'limit', 'page', 'filter', 'order', 'fields', 'include', 'formats', 'q', 'search'];
const contentPaths = fc.oneof(
  fc.constantFrom('/posts', '/pages', '/tags', '/authors', '/settings', '/rss/', '/atom/', '/sitemap.xml', '/sitemap-posts.xml'),
  text.map((s) => `/posts/${encodeURIComponent(s)}`), text.map((s) => `/tags/${encodeURIComponent(s)}`),
  text.map((s) => `/authors/${encodeURIComponent(s)}`), text.map((s) => `/pages/${encodeURIComponent(s)}`));
const oauthParams = ['response_type', 'client_id', 'redirect_uri', 'scope', 'state', 'nonce', 'code_challenge',
  'code_challenge_method', 'prompt', 'max_age', 'id_token_hint', 'ui_locales', 'request', 'grant_type', 'code',
  'code_verifier', 'refresh_token', 'client_secret', 'token', 'token_type_hint', 'post_logout_redirect_uri', 'resource'];
const authClient = env.DEMO_CLIENT_ID ?? 'demo';
const basic = 'Basic ' + Buffer.from(`${authClient}:${env.DEMO_CLIENT_SECRET ?? ''}`).toString('base64');

const groups = [
  ['manifest: mutated manifests', 'manifest', env.MANIFEST_URL, fc.record({
    method: fc.constant('POST'), path: fc.constant('/v1/manifests/validate'), query: params(['file']),
    headers: fc.record({ 'content-type': fc.constant('application/json'), accept: usualAccept }),
    body: fc.oneof(mutated(manifestSeed), jsonValue.map((v) => JSON.stringify(v)), bytes) })],
  ['manifest: mutated packages', 'manifest', env.MANIFEST_URL, fc.record({
    method: fc.constant('POST'), path: fc.constant('/v1/packages/validate'), query: fc.constant([]),
    headers: fc.record({ 'content-type': fc.constantFrom('application/zip', 'application/x-zip-compressed'), accept: usualAccept }),
    body: fc.oneof(mutated(packageSeed), bytes) })],
  ['manifest: wrong methods and types', 'manifest', env.MANIFEST_URL, fc.record({
    method: methods, path: fc.constantFrom('/v1/manifests/validate', '/v1/packages/validate', '/v1/manifest.schema.json', '/v1/', '/'),
    query: params(['file']), headers: fc.record({ 'content-type': contentTypes, accept: accepts }), body: bytes })],
  ['content: query strings', 'content', env.CONTENT_URL, fc.record({
    method: fc.constant('GET'), path: contentPaths.map((p) => `/api/content/v1/blogs/${blog}${p}`),
    query: fc.tuple(params(contentParams), fc.nat(9)).map(([q, dice]) => (dice > 0 ? [['key', key], ...q] : q)),
    headers: fc.record({ accept: usualAccept, 'if-none-match': fc.oneof(fc.constant('*'), text.filter((s) => /^[\x20-\x7e]*$/.test(s))) }) })],
  ['content: blogs, paths and methods', 'content', env.CONTENT_URL, fc.record({
    method: methods, path: fc.tuple(text, contentPaths).map(([b, p]) => `/api/content/v1/blogs/${encodeURIComponent(b)}${p}`),
    query: fc.constant([['key', key]]), headers: fc.record({ 'content-type': contentTypes, origin: fc.constantFrom('https://evil.example', 'null', '') }),
    body: bytes })],
  ['auth: authorize and logout', 'auth', env.AUTH_URL, fc.record({
    method: fc.constantFrom('GET', 'POST'), path: fc.constantFrom('/oauth/authorize', '/oauth/logout', '/signin', '/consent'),
    query: fc.tuple(params(oauthParams), fc.boolean()).map(([q, real]) => (real ? [['client_id', authClient], ['response_type', 'code'], ...q] : q)),
    headers: fc.record({ 'content-type': fc.constant('application/x-www-form-urlencoded'), accept: usualAccept }),
    body: form(['request', 'email', 'password', 'decision', ...oauthParams]) })],
  ['auth: token, introspect, revoke', 'auth', env.AUTH_URL, fc.record({
    method: fc.constant('POST'), path: fc.constantFrom('/oauth/token', '/oauth/introspect', '/oauth/revoke', '/oauth/userinfo'),
    query: fc.constant([]),
    headers: fc.record({ 'content-type': fc.constantFrom('application/x-www-form-urlencoded', 'application/json', 'text/plain'),
      authorization: fc.oneof(fc.constant(basic), fc.constant('Bearer x'), text.filter((s) => /^[\x20-\x7e]*$/.test(s))) }),
    body: form(oauthParams) })],
  ['auth: registration', 'auth', env.AUTH_URL, fc.record({
    method: fc.constant('POST'), path: fc.constant('/oauth/register'), query: fc.constant([]),
    headers: fc.record({ 'content-type': fc.constantFrom('application/json', 'text/plain'),
      authorization: fc.constant(`Bearer ${env.INITIAL_ACCESS_TOKEN ?? 'none'}`) }),
    body: fc.oneof(jsonValue, fc.dictionary(fc.constantFrom('redirect_uris', 'client_name', 'grant_types', 'response_types',
      'token_endpoint_auth_method', 'logo_uri', 'client_uri', 'policy_uri', 'tos_uri', 'scope', 'contacts',
      'post_logout_redirect_uris', 'application_type', 'jwks_uri'), fc.oneof(jsonValue, fc.array(text)))).map((v) => JSON.stringify(v)) })],
  ['auth: wrong methods and types', 'auth', env.AUTH_URL, fc.record({
    method: methods, path: fc.constantFrom('/oauth/token', '/oauth/authorize', '/oauth/register', '/oauth/revoke',
      '/oauth/introspect', '/oauth/logout', '/oauth/userinfo', '/.well-known/openid-configuration', '/.well-known/jwks.json', '/account'),
    query: params(oauthParams), headers: fc.record({ 'content-type': contentTypes, accept: accepts }), body: bytes })],
];

const results = [];
for (const [name, service, base, arbitrary] of groups) {
  const tally = await runGroup(name, service, base, arbitrary);
  results.push(tally);
  const statuses = Object.entries(tally.byStatus).sort().map(([k, v]) => `${k} ${v}`).join(', ');
  console.log(`${name.padEnd(36)} ${String(tally.sent).padStart(6)} sent  ${statuses.padEnd(34)} slowest ${tally.slowestMs} ms  ${tally.failures.length} failures`);
}
mkdirSync('target/fuzz-http', { recursive: true });
writeFileSync('target/fuzz-http/report.json', JSON.stringify(results, null, 2));
const failures = results.flatMap((r) => r.failures.map((f) => ({ group: r.group, ...f })));
for (const f of failures.slice(0, 10)) console.log(`FAIL ${f.group}: ${f.failure}\n  ${JSON.stringify(f.request)?.slice(0, 400)}`);
console.log(`${results.reduce((n, r) => n + r.sent, 0)} requests, ${failures.length} failures; details in target/fuzz-http/report.json`);
process.exit(failures.length ? 1 : 0);
