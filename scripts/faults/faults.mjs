// make faults: the three services under a mixed load while PostgreSQL, then Redis, is cut for FAULTS_CUT_SECONDS
// and restored, then while each service restarts in turn; afterwards, checks that nothing was lost.
// Started by scripts/faults.sh (which builds, ensures the datastores and passes PG_*/REDIS_*); the report goes to
// target/faults/report.md and results.json. Exits 1 when a check fails.
import { execFileSync, fork, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

const env = process.env;
const ROOT = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
const OUT = `${ROOT}/target/faults`;
const number = (name, fallback) => Number(env[name] ?? fallback);
const CUT_S = number('FAULTS_CUT_SECONDS', 10);
const SETTLE_S = number('FAULTS_SETTLE_SECONDS', 15);
const BASELINE_S = number('FAULTS_BASELINE_SECONDS', 10);
const RECOVERY_LIMIT_S = number('FAULTS_RECOVERY_LIMIT_SECONDS', 10);
const PACE_MS = number('FAULTS_PACE_MS', 20);
const HELD_TOKENS = number('FAULTS_HELD_TOKENS', 20);
const TIMEOUT_MS = 5000;
// reset: the datastore's connections are reset and new ones refused; blackhole: a partition, nothing answers.
const CUT_MODE = env.FAULTS_CUT_MODE ?? 'reset';
const DB = { content: env.FAULTS_CONTENT_DB ?? 'content_faults', auth: env.FAULTS_AUTH_DB ?? 'auth_faults' };
const PORT = { manifest: number('FAULTS_MANIFEST_PORT', 8181), content: number('FAULTS_CONTENT_PORT', 8182),
  auth: number('FAULTS_AUTH_PORT', 8183) };
const MANAGEMENT = { manifest: PORT.manifest + 1000, content: PORT.content + 1000, auth: PORT.auth + 1000 };
const url = (svc, path) => `http://127.0.0.1:${PORT[svc]}${path}`;
const say = (line) => console.log(`faults: ${line}`);
mkdirSync(OUT, { recursive: true });

// --- The proxies and the services ---------------------------------------------------------------------------------

const proxy = fork(new URL('proxy.mjs', import.meta.url).pathname,
  [`postgresql=${env.PG_HOST}:${env.PG_PORT}`, `redis=${env.REDIS_HOST}:${env.REDIS_PORT}`]);
const proxyPorts = await new Promise((resolve) => proxy.once('message', (m) => resolve(m.ports)));
const switchProxy = (name, up) => new Promise((resolve) => {
  proxy.once('message', resolve);
  proxy.send({ name, up, mode: CUT_MODE });
});

const ADMIN_TOKEN = randomBytes(24).toString('base64url');
const serviceEnv = {
  QUARKUS_PROFILE: 'dev', PG_HOST: '127.0.0.1', PG_PORT: String(proxyPorts.postgresql), REDIS_HOST: '127.0.0.1',
  REDIS_PORT: String(proxyPorts.redis), CONTENT_DB_NAME: DB.content, AUTH_DB_NAME: DB.auth,
  CONTENT_REDIS_DB: env.FAULTS_CONTENT_REDIS_DB ?? '3', AUTH_REDIS_DB: env.FAULTS_AUTH_REDIS_DB ?? '4',
  MANIFEST_PORT: String(PORT.manifest), CONTENT_PORT: String(PORT.content), AUTH_PORT: String(PORT.auth),
  MANIFEST_MANAGEMENT_PORT: String(MANAGEMENT.manifest), CONTENT_MANAGEMENT_PORT: String(MANAGEMENT.content),
  AUTH_ADMIN_PORT: String(MANAGEMENT.auth), AUTH_ISSUER: url('auth', ''), AUTH_ADMIN_TOKEN: ADMIN_TOKEN,
  AUTH_KEYS_DIR: `${OUT}/auth-keys`,
  // The load comes from one address: limits would answer 429 long before a datastore is missed.
  CONTENT_RATE_LIMIT_PER_KEY: '1000000000', CONTENT_RATE_LIMIT_PER_ADDRESS: '1000000000',
  AUTH_TOKEN_RATE_LIMIT: '1000000000', AUTH_PENDING_REQUESTS_PER_ADDRESS: '1000000000',
  AUTH_LIVE_TOKENS_PER_GRANT: '1000000000',
};

const services = {};
function start(svc) {
  const name = `${svc}-service`;
  const jar = `${ROOT}/${name}/target/quarkus-app/quarkus-run.jar`;
  // As make run starts it: the Deployment's JVM flags, sizing and graceful shutdown, and its AppCDS archive when make
  // run recorded one.
  const sizing = Object.fromEntries(execFileSync(`${ROOT}/scripts/pod-sizing.sh`, [name], { encoding: 'utf8' })
    .trim().split('\n').filter(Boolean).map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
  const archive = `${ROOT}/${name}/target/run-cds.jsa`;
  const cds = existsSync(archive) && statSync(archive).mtimeMs > statSync(jar).mtimeMs ? [`-XX:SharedArchiveFile=${archive}`] : [];
  const log = openSync(`${OUT}/${name}.log`, 'a');
  const child = spawn('java', [...cds, '-jar', jar], { cwd: ROOT, env: { ...env, ...sizing, ...serviceEnv },
    stdio: ['ignore', log, log] });
  closeSync(log);
  services[svc] = { child, exited: new Promise((resolve) => child.once('exit', resolve)) };
}

async function awaitReady(svc, seconds = 120) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${MANAGEMENT[svc]}/q/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    if (services[svc].child.exitCode !== null) throw new Error(`${svc}-service exited; see ${OUT}/${svc}-service.log`);
    await sleep(100);
  }
  throw new Error(`${svc}-service not ready after ${seconds} s; see ${OUT}/${svc}-service.log`);
}

async function stopAll() {
  for (const { child, exited } of Object.values(services)) {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  }
  proxy.disconnect();
}
process.on('SIGINT', () => stopAll().then(() => process.exit(130)));
process.on('SIGTERM', () => stopAll().then(() => process.exit(143)));

// --- HTTP with a record of every answer -----------------------------------------------------------------------------

const records = [];
let phase = 'setup';

async function call(kind, svc, method, path, { headers = {}, body, record = true } = {}) {
  const started = Date.now();
  const startedIn = phase;
  let answer;
  try {
    const res = await fetch(url(svc, path), { method, headers, body, redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS) });
    const text = await res.text();
    answer = { status: res.status, headers: res.headers, text };
  } catch (e) {
    const code = e.name === 'TimeoutError' ? 'timeout' : 'connection';
    answer = { status: code, headers: new Headers(), text: String(e.cause?.code ?? e.message) };
  }
  if (record) {
    records.push({ phase: startedIn, kind, svc, start: started, end: Date.now(), status: answer.status,
      retryAfter: answer.headers.get('retry-after') });
  }
  return answer;
}

const form = () => ({ 'Content-Type': 'application/x-www-form-urlencoded' });
const encode = (fields) => new URLSearchParams(fields).toString();
const hidden = (html, name) => html.match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1];

// --- Setup: content blog and key, auth client, account, session and consent ----------------------------------------

let failed = false;
try {
  say(`proxies: PostgreSQL ${env.PG_HOST}:${env.PG_PORT} via :${proxyPorts.postgresql}, Redis ${env.REDIS_HOST}:${env.REDIS_PORT} via :${proxyPorts.redis}`);
  for (const svc of ['manifest', 'content', 'auth']) start(svc);
  for (const svc of ['manifest', 'content', 'auth']) await awaitReady(svc);
  say('services ready');

  // The demo blog and a key, through the service's own admin command (JDBC straight to PostgreSQL).
  const demo = execFileSync(`${ROOT}/content-service/scripts/admin.sh`,
    ['demo', 'faults', `${ROOT}/content-service/demo/kitchen`, 'http://localhost:3000'],
    { encoding: 'utf8', env: { ...env, QUARKUS_PROFILE: 'dev', CONTENT_DB_NAME: DB.content }, stdio: ['ignore', 'pipe', 'ignore'] });
  const contentKey = demo.match(/^CONTENT_KEY=(.*)$/m)[1];
  const blog = `/api/content/v1/blogs/${demo.match(/^CONTENT_BLOG=(.*)$/m)[1]}`;
  const keyHeader = { Authorization: `Key ${contentKey}` };

  const admin = (method, path, body) => fetch(`http://127.0.0.1:${MANAGEMENT.auth}${path}`, { method,
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const CLIENT = 'pressroom-faults';
  const REDIRECT = 'http://127.0.0.1:9999/cb';
  const EMAIL = 'faults@pressroom.test';
  const PASSWORD = 'faults-password-123';
  const created = await admin('POST', '/admin/accounts', { email: EMAIL, password: PASSWORD, name: 'Faults', email_verified: true });
  if (![201, 409].includes(created.status)) throw new Error(`creating the account: HTTP ${created.status}`);
  const saved = await admin('PUT', `/admin/clients/${CLIENT}`, { client_name: 'Faults', redirect_uris: [REDIRECT],
    scope: 'openid profile email offline_access', token_endpoint_auth_method: 'client_secret_basic' });
  const basic = `Basic ${Buffer.from(`${CLIENT}:${(await saved.json()).client_secret}`).toString('base64')}`;
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const authorize = `/oauth/authorize?${encode({ response_type: 'code', client_id: CLIENT, redirect_uri: REDIRECT,
    scope: 'openid profile email offline_access', state: 's', nonce: 'n', code_challenge: challenge,
    code_challenge_method: 'S256' })}`;

  // One browser session: sign in and consent once; every code flow afterwards is authorize -> 303 -> token.
  const cookies = {};
  const keep = (res) => {
    for (const c of res.headers.getSetCookie()) cookies[c.split('=')[0]] = c.split(';')[0].slice(c.indexOf('=') + 1);
  };
  const cookieHeader = () => Object.entries(cookies).map(([k, v]) => `${k}=${v}`).join('; ');
  let page = await fetch(url('auth', authorize), { redirect: 'manual' });
  keep(page);
  let html = await page.text();
  const csrf = hidden(html, 'csrf');
  page = await fetch(url('auth', '/signin'), { method: 'POST', redirect: 'manual',
    headers: { ...form(), Cookie: cookieHeader() },
    body: encode({ request: hidden(html, 'request'), csrf, email: EMAIL, password: PASSWORD }) });
  keep(page);
  html = await page.text();
  if (hidden(html, 'request')) {
    page = await fetch(url('auth', '/consent'), { method: 'POST', redirect: 'manual',
      headers: { ...form(), Cookie: cookieHeader() }, body: encode({ request: hidden(html, 'request'), csrf, decision: 'allow' }) });
    keep(page);
  }
  if (!cookies.pr_session) throw new Error(`no session after sign-in (HTTP ${page.status})`);
  const session = { Cookie: `pr_session=${cookies.pr_session}` };

  const tokenRequest = (kind, fields) => call(kind, 'auth', 'POST', '/oauth/token',
    { headers: { ...form(), Authorization: basic }, body: encode(fields) });
  async function codeFlow() { // answers the refresh token, or null
    const step = await call('auth code flow', 'auth', 'GET', authorize, { headers: session });
    const code = step.status === 303 && new URL(step.headers.get('location')).searchParams.get('code');
    if (!code) return null;
    const tokens = await tokenRequest('auth code flow', { grant_type: 'authorization_code', code, redirect_uri: REDIRECT,
      code_verifier: verifier });
    return tokens.status === 200 ? JSON.parse(tokens.text).refresh_token : null;
  }
  const refresh = (kind, token) => tokenRequest(kind, { grant_type: 'refresh_token', refresh_token: token });

  const held = [];
  for (let i = 0; i < HELD_TOKENS; i++) held.push(await codeFlow());
  if (held.some((t) => !t)) throw new Error('could not mint the held refresh tokens');

  // --- What must be the same afterwards ---------------------------------------------------------------------------
  const cachedPaths = ['/posts/tomato-soup', '/posts?limit=5', '/tags', '/authors', '/settings', '/pages/about'];
  const comparedPaths = [...cachedPaths, '/posts?limit=100&formats=both', '/posts/knife-skills?include=tags,authors'];
  const answers = async () => Promise.all(comparedPaths.map(async (p) => {
    const r = await call('snapshot', 'content', 'GET', blog + p, { headers: keyHeader, record: false });
    return { path: p, status: r.status, etag: r.headers.get('etag'), body: r.text };
  }));
  const rows = async () => {
    const db = new pg.Client({ host: env.PG_HOST, port: Number(env.PG_PORT), user: env.PG_USER,
      password: env.PG_PASSWORD || undefined, database: DB.auth });
    await db.connect();
    try {
      // A consent's last use moves with every authorization; everything else about it must not.
      const accounts = (await db.query('select to_jsonb(a) as r from accounts a order by id')).rows;
      const consents = (await db.query("select to_jsonb(c) - 'last_used_at' as r from consents c order by account_id, client_id")).rows;
      return { accounts: accounts.map((x) => JSON.stringify(x.r)), consents: consents.map((x) => JSON.stringify(x.r)) };
    } finally {
      await db.end();
    }
  };
  const answersBefore = await answers();
  const rowsBefore = await rows();

  // --- The load ---------------------------------------------------------------------------------------------------
  const manifestBody = readFileSync(`${ROOT}/manifest-engine/src/test/resources/manifests/valid/feature-app.json`);
  // Refresh tokens the load was given and keeps to the end: each chain's current one, and the last code flow's of
  // every phase. Each must work exactly once afterwards.
  const chains = [];
  const lastCodeFlow = {};
  let running = true;
  let chainsLost = 0;
  const worker = async (step) => {
    while (running) {
      await step();
      await sleep(PACE_MS);
    }
  };
  let n = 0;
  const workers = [
    ...[0, 1].map(() => worker(() => call('content cached', 'content', 'GET', blog + cachedPaths[n++ % cachedPaths.length],
      { headers: keyHeader }))),
    // A page of a list no one asked for yet: built from PostgreSQL every time.
    ...[0, 1].map(() => worker(() => call('content uncached', 'content', 'GET',
      `${blog}/posts?limit=${1 + Math.floor(Math.random() * 100)}&page=${1 + Math.floor(Math.random() * 100000)}`,
      { headers: keyHeader }))),
    ...[0, 1].map(async () => {
      const chain = { token: await codeFlow() };
      chains.push(chain);
      await worker(async () => {
        const r = await refresh('auth refresh', chain.token);
        if (r.status === 200) chain.token = JSON.parse(r.text).refresh_token;
        // The token came from a 200 and was never used since: refused means it was not recorded as issued.
        if (r.status === 400) chainsLost++;
        if (r.status === 400) chain.token = await codeFlow() ?? chain.token;
      });
    }),
    worker(async () => {
      const token = await codeFlow();
      if (token) lastCodeFlow[phase] = token;
    }),
    worker(() => call('manifest validate', 'manifest', 'POST', '/v1/manifests/validate',
      { headers: { 'Content-Type': 'application/json' }, body: manifestBody })),
  ];

  const timeline = [];
  const mark = (name, extra = {}) => {
    phase = name;
    timeline.push({ phase: name, at: Date.now(), ...extra });
    say(name);
  };
  mark('baseline');
  await sleep(BASELINE_S * 1000);
  for (const [datastore, label] of [['postgresql', 'PostgreSQL'], ['redis', 'Redis']]) {
    mark(`${label} cut`, { cut: datastore });
    await switchProxy(datastore, false);
    await sleep(CUT_S * 1000);
    await switchProxy(datastore, true);
    mark(`${label} restored`, { restored: datastore });
    await sleep(SETTLE_S * 1000);
  }
  for (const svc of ['content', 'auth', 'manifest']) {
    mark(`${svc}-service restart`, { restart: svc });
    const { child, exited } = services[svc];
    child.kill('SIGTERM');
    await exited;
    const stopped = Date.now();
    start(svc);
    await awaitReady(svc);
    timeline.at(-1).stoppedMs = stopped - timeline.at(-1).at;
    timeline.at(-1).readyMs = Date.now() - stopped;
    await sleep(SETTLE_S * 1000);
  }
  mark('end');
  running = false;
  await Promise.all(workers);

  // --- Checks -----------------------------------------------------------------------------------------------------
  const checks = [];
  const check = (name, ok, detail) => checks.push({ name, ok, detail });
  const ok = (r) => typeof r.status === 'number' && r.status < 500 && r.status !== 400;
  const loadRecords = records.filter((r) => r.phase !== 'setup');
  const serverErrors = loadRecords.filter((r) => typeof r.status === 'number' && r.status >= 500 && r.status !== 503);
  check('no 5xx but 503', serverErrors.length === 0, `${serverErrors.length} other 5xx`);
  const bare503 = loadRecords.filter((r) => r.status === 503 && !r.retryAfter);
  check('every 503 carries Retry-After', bare503.length === 0, `${bare503.length} without`);
  // A request belongs to the phase it started in; one still running when the next phase began may meet its fault.
  const windowOf = (t) => [t.at, timeline[timeline.indexOf(t) + 1]?.at ?? Infinity];
  const overlaps = (r, t) => r.end >= windowOf(t)[0] && r.start < windowOf(t)[1];
  const within = (r, t) => r.start >= windowOf(t)[0] && r.end <= windowOf(t)[1];
  const restarting = (r) => timeline.some((t) => t.restart === r.svc && overlaps(r, t));
  const offline = loadRecords.filter((r) => typeof r.status !== 'number' && !restarting(r));
  check('no refused connection or timeout but while that service restarts', offline.length === 0,
    `${offline.length}${offline.length ? `: ${[...new Set(offline.map((r) => `${r.phase}/${r.kind}/${r.status}`))].join(', ')}` : ''}`);
  const cachedMissed = loadRecords.filter((r) => r.kind === 'content cached' && r.status !== 200 && !restarting(r));
  check('content cached reads all 200 through both cuts', cachedMissed.length === 0,
    `${cachedMissed.length} not 200${cachedMissed.length ? `: ${[...new Set(cachedMissed.map((r) => `${r.phase}/${r.status}`))].join(', ')}` : ''}`);
  const baseline = loadRecords.filter((r) => within(r, timeline[0]) && !ok(r));
  check('baseline without a failure', baseline.length === 0, `${baseline.length} failed`);
  check('no refresh chain lost (a token from a 200 refused later)', chainsLost === 0, `${chainsLost} lost`);

  // Recovery: from the restore (or the restart's stop) to the end of the service's last failed request after it.
  const recovery = [];
  timeline.forEach((t) => {
    if (!t.restored && !t.restart) return;
    for (const svc of ['manifest', 'content', 'auth']) {
      const failures = loadRecords.filter((r) => r.svc === svc && within(r, t) && !ok(r));
      const seconds = failures.length ? (Math.max(...failures.map((r) => r.end)) - t.at) / 1000 : 0;
      // After a restore, also how soon each kind of request that failed during the cut was answered again.
      const cut = timeline[timeline.indexOf(t) - 1];
      const hurt = new Set(t.restored ? loadRecords.filter((r) => r.svc === svc && within(r, cut) && !ok(r)).map((r) => r.kind) : []);
      const again = [...hurt].map((kind) => loadRecords.find((r) => r.kind === kind && r.start >= t.at && ok(r)))
        .map((r) => (r ? (r.end - t.at) / 1000 : Infinity));
      const answering = again.length ? Math.max(...again) : null;
      recovery.push({ phase: t.phase, svc, seconds, failures: failures.length, again: answering });
      if (t.restored) {
        const worst = Math.max(seconds, answering ?? 0);
        check(`${svc} recovered within ${RECOVERY_LIMIT_S} s after ${t.phase}`, worst <= RECOVERY_LIMIT_S,
          `last failure ${seconds.toFixed(2)} s${answering === null ? '' : `, all answering ${answering.toFixed(2)} s`} after`);
      }
    }
  });

  // Nothing lost: the held tokens and those the load holds each work exactly once. Once its successor has been used,
  // a token coming back is reuse (before that it would be a retry within the grace: README, Security notes).
  const exactlyOnce = async (token) => {
    const first = await refresh('final', token);
    if (first.status !== 200) return false;
    const successor = await refresh('final', JSON.parse(first.text).refresh_token);
    const again = await refresh('final', token);
    return successor.status === 200 && again.status === 400 && JSON.parse(again.text).error === 'invalid_grant';
  };
  const heldOnce = (await Promise.all(held.map(exactlyOnce))).filter(Boolean).length;
  check('every refresh token held from before the cuts works exactly once', heldOnce === held.length,
    `${heldOnce}/${held.length}`);
  const issued = [...chains.map((c) => c.token), ...Object.values(lastCodeFlow)];
  const issuedOnce = (await Promise.all(issued.map(exactlyOnce))).filter(Boolean).length;
  check('every refresh token the load was given and kept works exactly once', issuedOnce === issued.length,
    `${issuedOnce}/${issued.length}`);
  const rowsAfter = await rows();
  for (const table of ['accounts', 'consents']) {
    const same = JSON.stringify(rowsBefore[table]) === JSON.stringify(rowsAfter[table]);
    check(`${table} rows unchanged`, same, `${rowsBefore[table].length} rows before, ${rowsAfter[table].length} after`);
  }
  const answersAfter = await answers();
  const changed = answersAfter.filter((a, i) => JSON.stringify(a) !== JSON.stringify(answersBefore[i]));
  check('content answers equal before and after (status, ETag, body)', changed.length === 0,
    `${comparedPaths.length - changed.length}/${comparedPaths.length} equal${changed.length ? `; changed: ${changed.map((c) => {
      const was = answersBefore[comparedPaths.indexOf(c.path)];
      const what = ['status', 'etag', 'body'].filter((f) => was[f] !== c[f]).map((f) => (f === 'body' ? 'body' : `${f} ${was[f]} -> ${c[f]}`));
      return `${c.path} (${what.join(', ')})`;
    }).join(', ')}` : ''}`);

  // --- Report -----------------------------------------------------------------------------------------------------
  const phases = timeline.filter((t) => t.phase !== 'end').map((t) => t.phase);
  const kinds = [...new Set(loadRecords.map((r) => r.kind))].filter((k) => k !== 'final');
  const statusText = (list) => {
    const counts = {};
    for (const r of list) {
      const key = r.status === 503 ? (r.retryAfter ? '503+RA' : '503') : String(r.status);
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return Object.entries(counts).sort().map(([k, v]) => `${k}: ${v}`).join(', ') || '-';
  };
  const lines = [
    `# make faults, ${new Date().toISOString()}`, '',
    `Cut (${CUT_MODE}) ${CUT_S} s each, ${SETTLE_S} s of load after each restore or restart, pace ${PACE_MS} ms per worker, `
      + `${loadRecords.length} requests; load average at the end ${execFileSync('cut', ['-d', ' ', '-f1-3', '/proc/loadavg'], { encoding: 'utf8' }).trim()}.`, '',
    '## Checks', '', '| check | result | detail |', '|---|---|---|',
    ...checks.map((c) => `| ${c.name} | ${c.ok ? 'pass' : '**FAIL**'} | ${c.detail} |`), '',
    '## Statuses by phase (503+RA: with Retry-After; connection/timeout: no answer)', '',
    `| phase | ${kinds.join(' | ')} |`, `|---|${kinds.map(() => '---').join('|')}|`,
    ...phases.map((p) => `| ${p} | ${kinds.map((k) => statusText(loadRecords.filter((r) => r.phase === p && r.kind === k))).join(' | ')} |`), '',
    '## Recovery', '',
    'Seconds from the restore (or the restart\'s stop signal) to the end of the last failed request after it, and until '
      + 'every kind of request that failed before was answered again.', '',
    '| phase | manifest | content | auth | restart: stopped after, ready after (ms) |', '|---|---|---|---|---|',
    ...timeline.filter((t) => t.restored || t.restart).map((t) => `| ${t.phase} | ${['manifest', 'content', 'auth']
      .map((s) => {
        const r = recovery.find((x) => x.phase === t.phase && x.svc === s);
        return `${r.seconds.toFixed(2)} (${r.failures} failed)${r.again === null ? '' : `, answering after ${r.again.toFixed(2)}`}`;
      })
      .join(' | ')} | ${t.restart ? `${t.stoppedMs}, ${t.readyMs}` : ''} |`),
  ];
  writeFileSync(`${OUT}/report.md`, `${lines.join('\n')}\n`);
  writeFileSync(`${OUT}/results.json`, JSON.stringify({ checks, recovery, timeline, records: loadRecords }, null, 1));
  console.log(`\n${lines.join('\n')}\n`);
  failed = checks.some((c) => !c.ok);
  say(failed ? `FAILED; report in ${OUT}/report.md` : `all checks pass; report in ${OUT}/report.md`);
} catch (e) {
  failed = true;
  console.error(`faults: ${e.stack ?? e}`);
} finally {
  await stopAll();
}
process.exit(failed ? 1 : 0);
