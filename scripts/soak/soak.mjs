// make soak: a steady mixed workload on the three running services (workload.mjs) for SOAK_MINUTES, sampling every
// SOAK_SAMPLE_SECONDS each JVM's RSS and heap after a full GC, each service's Redis keys and their memory, and the
// PostgreSQL connections per database. Writes samples.csv, summary.md and requests.json into SOAK_OUT and exits 1
// when the trend after warm-up is not flat (see judge()). scripts/soak.sh starts the services and calls this.
//   node soak.mjs prepare   create the soak's databases, empty its Redis databases
//   node soak.mjs run       the workload, the samples and the verdict
import { readFileSync, writeFileSync, mkdirSync, appendFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createClient } from 'redis';
import { Tally, Ledger, manifestWorkload, contentWorkload, reimport, AuthWorkload } from './workload.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
const run = promisify(execFile);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const MiB = 1024 * 1024;

function readEnv() {
  let demo = {};
  try {
    demo = Object.fromEntries(readFileSync(`${ROOT}/.local/demo.env`, 'utf8').split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line)).map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
  } catch { /* prepare runs before make run wrote it */ }
  return { ...demo, ...process.env };
}
const env = readEnv();
const number = (name, fallback) => (env[name] === undefined || env[name] === '' ? fallback : Number(env[name]));

/** ISO-8601 durations as the services read them (PT2M, PT90S, P1D), in seconds. */
function seconds(iso) {
  const m = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(iso);
  if (!m) throw new Error(`not an ISO-8601 duration: ${iso}`);
  return ((Number(m[1] ?? 0) * 24 + Number(m[2] ?? 0)) * 60 + Number(m[3] ?? 0)) * 60 + Number(m[4] ?? 0);
}

const MINUTES = number('SOAK_MINUTES', 30);
const SAMPLE_SECONDS = number('SOAK_SAMPLE_SECONDS', 20);
const WARMUP = number('SOAK_WARMUP_MINUTES', Math.min(5, MINUTES / 3));
const RSS_WARMUP = number('SOAK_RSS_WARMUP_MINUTES', Math.min(10, MINUTES / 2));
const minutes = (m) => `${Number(m.toFixed(1))} min`;
// A short run still re-imports and registers a few times.
const IMPORT_MINUTES = number('SOAK_IMPORT_MINUTES', Math.min(5, MINUTES / 3));
const REGISTER_MINUTES = number('SOAK_REGISTER_MINUTES', Math.min(4, MINUTES / 4));
const PEOPLE = number('SOAK_PEOPLE', 4);
const THINK_MS = number('SOAK_THINK_MS', 3000);
const MANIFEST_RATE = number('SOAK_MANIFEST_RATE', 3);
const CONTENT_RATE = number('SOAK_CONTENT_RATE', 8);
const OUT = env.SOAK_OUT ?? `${ROOT}/target/soak/run`;
const SERVICES = ['manifest-service', 'content-service', 'auth-service'];
const REDIS_DBS = { content: number('CONTENT_REDIS_DB', 1), auth: number('AUTH_REDIS_DB', 2) };
const PG_DBS = { content: env.CONTENT_DB_NAME ?? 'content', auth: env.AUTH_DB_NAME ?? 'auth' };
// A pool's most connections: CONTENT_DB_POOL or AUTH_PG_POOL_SIZE (16), content's LISTEN connection, and the 2 JDBC
// connections Flyway may hold (closed after the migration).
const PG_CAP = { content: number('CONTENT_DB_POOL', 16) + 1 + 2, auth: number('AUTH_PG_POOL_SIZE', 16) + 2 };
const SLOPE_LIMIT_MIB = 1; // per 10 minutes
const CONNECTION_SLOPE_LIMIT = 1; // per 10 minutes

/**
 * How long auth-service keeps each thing the workload makes (seconds), from the lifetimes it was started with: a used
 * code and its used-marker stay an access token's lifetime after the exchange; a grant's token set, revoked-marker
 * and app index live until its last token expires. 10 s of slack for when a sample is taken.
 */
const TTL = { code: seconds(env.AUTH_CODE_TTL ?? 'PT5M'), access: seconds(env.AUTH_ACCESS_TOKEN_TTL ?? 'PT1H'),
  refresh: seconds(env.AUTH_REFRESH_TOKEN_TTL ?? 'P30D'), session: seconds(env.AUTH_SESSION_TTL ?? 'PT12H'),
  pending: seconds(env.AUTH_PENDING_REQUEST_TTL ?? 'PT15M') };
const LIFETIMES = { pending: TTL.pending + 10, session: TTL.session + 10, code: TTL.code + TTL.access + 10,
  access: TTL.access + 10, refresh: TTL.refresh + 10, grant: Math.max(TTL.code, TTL.access, TTL.refresh) + 10 };
/** Keys per thing alive: a code and its used-marker; a grant's token set, revoked-marker and share of its app index. */
const KEYS_PER = { pending: 1, session: 1, code: 2, access: 1, refresh: 1, grant: 3 };
/**
 * Keys that do not come from one token: the sign-in limits' counters (per account, per account and address, per
 * address, the account's known addresses) and the per-address counters of token requests, pending requests and
 * registrations (one window each, or two around a window's turn).
 */
const authFixedKeys = (accounts) => 4 * accounts + 12;
/** content-service keeps only rate-limit counters: per key and per address, one window each, or two at a turn. */
const CONTENT_KEY_BOUND = 8;

async function redis(db) {
  const client = createClient({ socket: { host: env.REDIS_HOST ?? '127.0.0.1', port: Number(env.REDIS_PORT ?? 6379) },
    password: env.REDIS_PASSWORD || undefined, database: db });
  client.on('error', () => { /* each command reports its own failure */ });
  await client.connect();
  return client;
}

async function postgres(database) {
  const client = new pg.Client({ host: env.PG_HOST ?? '127.0.0.1', port: Number(env.PG_PORT ?? 5432),
    user: env.PG_USER ?? 'postgres', password: env.PG_PASSWORD || undefined, database });
  await client.connect();
  return client;
}

async function prepare() {
  const db = await postgres('postgres');
  for (const name of Object.values(PG_DBS)) {
    const { rowCount } = await db.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await db.query(`create database "${name.replaceAll('"', '""')}"`);
  }
  await db.end();
  // Every key counted afterwards is the soak's own.
  for (const number of Object.values(REDIS_DBS)) {
    const client = await redis(number);
    await client.sendCommand(['FLUSHDB']);
    await client.quit();
  }
  console.log(`soak: databases ${Object.values(PG_DBS).join(', ')} ready, Redis dbs ${Object.values(REDIS_DBS).join(', ')} emptied`);
}

// ---- samples ----------------------------------------------------------------------------------------------------
const jcmdFile = `${OUT}/jcmd.txt`;

/** RSS and threads from /proc, then a full GC and the heap used right after it (jcmd GC.run, GC.heap_info). */
async function jvm(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rss = Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) * 1024;
  const threads = Number(/Threads:\s+(\d+)/.exec(status)[1]);
  const { stdout } = await run('jcmd', [String(pid), '-f', jcmdFile], { timeout: 30_000 });
  // Generation lines ("def new generation total 19648K, used 0K", "garbage-first heap total ..., used ...");
  // Metaspace's line has no "total".
  const heap = [...stdout.matchAll(/total \d+K, used (\d+)K/g)].reduce((sum, m) => sum + Number(m[1]) * 1024, 0);
  const metaspace = Number(/Metaspace\s+used (\d+)K/.exec(stdout)?.[1] ?? 0) * 1024;
  return { rss, threads, heap, metaspace };
}

/** What one Redis database holds: its keys (SCAN skips expired ones, DBSIZE does not) by kind, and their bytes. */
async function redisDb(client, classify) {
  const byKind = {};
  let keys = 0;
  let bytes = 0;
  let cursor = '0';
  do {
    const [next, batch] = await client.sendCommand(['SCAN', cursor, 'COUNT', '1000']);
    cursor = String(next);
    const sizes = await Promise.all(batch.map((key) => client.sendCommand(['MEMORY', 'USAGE', key])));
    for (let i = 0; i < batch.length; i++) {
      keys++;
      bytes += Number(sizes[i] ?? 0);
      const kind = classify(String(batch[i]));
      byKind[kind] = (byKind[kind] ?? 0) + 1;
    }
  } while (cursor !== '0');
  return { keys, bytes, byKind };
}

/** auth-service's keys by what they hold (store/RedisKeys.java); anything else is a counter of the abuse limits. */
function authKind(key) {
  const m = /^auth:\{[0-9a-f]{16}\}:(code|at|rt|grant|app):(.*)$/.exec(key);
  if (m) return m[1] === 'grant' && m[2].endsWith(':revoked') ? 'revoked' : m[1];
  if (key.startsWith('auth:sess:')) return 'session';
  if (key.startsWith('auth:areq:')) return 'pending';
  return 'other';
}

const AUTH_KINDS = ['pending', 'session', 'code', 'at', 'rt', 'grant', 'revoked', 'app', 'other'];

async function sampler(pids, tally, ledger, started, workload) {
  const clients = { content: await redis(REDIS_DBS.content), auth: await redis(REDIS_DBS.auth) };
  const db = await postgres('postgres');
  const samples = [];
  writeFileSync(jcmdFile, 'GC.run\nGC.heap_info\n');
  const header = ['t_min', 'load1',
    ...SERVICES.flatMap((s) => [`${s}_rss_mib`, `${s}_heap_after_gc_mib`, `${s}_metaspace_mib`, `${s}_threads`]),
    'content_redis_keys', 'content_redis_kib', 'auth_redis_keys', 'auth_redis_kib', 'auth_redis_key_bound',
    ...AUTH_KINDS.map((k) => `auth_keys_${k}`), 'redis_used_memory_mib',
    `pg_${PG_DBS.content}_connections`, `pg_${PG_DBS.auth}_connections`,
    ...['manifest', 'content', 'auth'].flatMap((s) => [`${s}_requests`, `${s}_p99_ms`]), 'errors'];
  writeFileSync(`${OUT}/samples.csv`, `${header.join(',')}\n`);
  return {
    samples,
    async take() {
      const t = (Date.now() - started) / 60_000;
      const load1 = Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
      const jvms = {};
      for (const s of SERVICES) jvms[s] = await jvm(pids[s]);
      const content = await redisDb(clients.content, () => 'rate-limit');
      const auth = await redisDb(clients.auth, authKind);
      const alive = ledger.alive(LIFETIMES);
      const bound = Object.entries(KEYS_PER).reduce((sum, [kind, per]) => sum + per * (alive[kind] ?? 0), 0)
        + authFixedKeys(workload.accounts());
      const usedMemory = Number(/used_memory:(\d+)/.exec(await clients.auth.sendCommand(['INFO', 'memory']))[1]);
      const { rows } = await db.query('select datname, count(*)::int as n from pg_stat_activity where datname = any($1) group by datname',
        [Object.values(PG_DBS)]);
      const connections = Object.fromEntries(Object.entries(PG_DBS).map(([svc, name]) => [svc, rows.find((r) => r.datname === name)?.n ?? 0]));
      const window = tally.window();
      const sample = { t, load1, jvms, content, auth, bound, usedMemory, connections, window, errors: tally.errorCount };
      samples.push(sample);
      const row = [t.toFixed(2), load1,
        ...SERVICES.flatMap((s) => [(jvms[s].rss / MiB).toFixed(1), (jvms[s].heap / MiB).toFixed(2), (jvms[s].metaspace / MiB).toFixed(1), jvms[s].threads]),
        content.keys, (content.bytes / 1024).toFixed(1), auth.keys, (auth.bytes / 1024).toFixed(1), bound,
        ...AUTH_KINDS.map((k) => auth.byKind[k] ?? 0), (usedMemory / MiB).toFixed(1),
        connections.content, connections.auth,
        ...['manifest', 'content', 'auth'].flatMap((s) => [window[s]?.requests ?? 0, Math.round(window[s]?.p99 ?? 0)]), tally.errorCount];
      appendFileSync(`${OUT}/samples.csv`, `${row.join(',')}\n`);
      console.log(`soak: ${t.toFixed(1)} min  RSS ${SERVICES.map((s) => (jvms[s].rss / MiB).toFixed(0)).join('/')} MiB`
        + `  heap ${SERVICES.map((s) => (jvms[s].heap / MiB).toFixed(1)).join('/')} MiB  auth keys ${auth.keys} (bound ${bound})`
        + `  content keys ${content.keys}  pg ${connections.content}/${connections.auth}  errors ${tally.errorCount}  load ${load1}`);
    },
    async close() {
      await clients.content.quit();
      await clients.auth.quit();
      await db.end();
    },
  };
}

// ---- the verdict -----------------------------------------------------------------------------------------------
/** Least-squares slope of y over x. */
function slope(points) {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const sxx = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return sxx === 0 ? 0 : points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0) / sxx;
}

/** Slope per 10 minutes of a value (in its unit) over the samples from `from` minutes on. */
const per10 = (samples, from, value) => 10 * slope(samples.filter((s) => s.t >= from).map((s) => [s.t, value(s)]));

async function metrics(port) {
  try {
    return await (await fetch(`http://127.0.0.1:${port}/q/metrics`)).text();
  } catch {
    return '';
  }
}

/** Sums a Prometheus counter's samples whose labels match. */
const counter = (text, name, labels = /.*/) => text.split('\n').filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `))
  .filter((l) => labels.test(l)).reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);

function judge(samples, tally) {
  const checks = [];
  const check = (what, value, limit, ok) => checks.push({ what, value, limit, ok });
  const f = (x, digits = 2) => x.toFixed(digits);
  for (const s of SERVICES) {
    const heap = per10(samples, WARMUP, (x) => x.jvms[s].heap / MiB);
    check(`${s} heap after GC, slope after ${minutes(WARMUP)}`, `${f(heap)} MiB/10 min`, `< ${SLOPE_LIMIT_MIB}`, heap < SLOPE_LIMIT_MIB);
    const rss = per10(samples, RSS_WARMUP, (x) => x.jvms[s].rss / MiB);
    check(`${s} RSS, slope after ${minutes(RSS_WARMUP)}`, `${f(rss)} MiB/10 min`, `< ${SLOPE_LIMIT_MIB}`, rss < SLOPE_LIMIT_MIB);
  }
  for (const svc of ['content', 'auth']) {
    const bytes = per10(samples, WARMUP, (x) => x[svc].bytes / MiB);
    check(`${svc}-service Redis db ${REDIS_DBS[svc]} memory (keys' MEMORY USAGE), slope after ${minutes(WARMUP)}`,
      `${f(bytes, 3)} MiB/10 min`, `< ${SLOPE_LIMIT_MIB}`, bytes < SLOPE_LIMIT_MIB);
  }
  const over = samples.filter((x) => x.auth.keys > x.bound);
  const worst = samples.reduce((w, x) => (x.auth.keys / x.bound > w.auth.keys / w.bound ? x : w), samples[0]);
  check('auth-service Redis keys within the bound of live tokens, every sample', `max ${Math.max(...samples.map((x) => x.auth.keys))}`
    + ` keys; closest ${worst.auth.keys} of ${worst.bound} at ${f(worst.t, 1)} min`, 'keys <= bound', over.length === 0);
  const contentKeys = Math.max(...samples.map((x) => x.content.keys));
  check('content-service Redis keys (rate-limit counters), every sample', `max ${contentKeys}`, `<= ${CONTENT_KEY_BOUND}`, contentKeys <= CONTENT_KEY_BOUND);
  for (const svc of ['content', 'auth']) {
    const growth = per10(samples, WARMUP, (x) => x.connections[svc]);
    const max = Math.max(...samples.map((x) => x.connections[svc]));
    check(`PostgreSQL connections to ${PG_DBS[svc]}: slope after ${minutes(WARMUP)}, most`, `${f(growth)}/10 min, max ${max}`,
      `< ${CONNECTION_SLOPE_LIMIT}/10 min, <= ${PG_CAP[svc]}`, growth < CONNECTION_SLOPE_LIMIT && max <= PG_CAP[svc]);
  }
  const fiveHundreds = Object.values(tally.byService).reduce((sum, s) => sum + Object.entries(s.byStatus)
    .filter(([status]) => /^5/.test(status)).reduce((n, [, c]) => n + c, 0), 0);
  check('5xx answers', String(fiveHundreds), '0', fiveHundreds === 0);
  check('errors (no answer, or a status the step did not expect)', String(tally.errorCount), '0', tally.errorCount === 0);
  return checks;
}

function summary(samples, tally, checks, extra) {
  const first = samples[0];
  const last = samples.at(-1);
  const f = (x, digits = 1) => x.toFixed(digits);
  const loads = samples.map((s) => s.load1);
  const lines = [
    `# Soak ${extra.stamp}`, '',
    `${f(last.t)} minutes (SOAK_MINUTES=${MINUTES}), a sample every ${SAMPLE_SECONDS} s (${samples.length}), warm-up ${minutes(WARMUP)}`
    + ` (RSS judged after ${minutes(RSS_WARMUP)}). Commit ${extra.commit}. Load average over the run: mean ${f(loads.reduce((a, b) => a + b, 0) / loads.length, 2)},`
    + ` max ${f(Math.max(...loads), 2)} (2 cores, shared with other work).`, '',
    `Verdict: **${checks.every((c) => c.ok) ? 'PASS' : 'FAIL'}**`, '',
    '| check | measured | limit | |', '|---|---|---|---|',
    ...checks.map((c) => `| ${c.what} | ${c.value} | ${c.limit} | ${c.ok ? 'ok' : '**FAIL**'} |`), '',
    '| service | RSS start → end (MiB) | heap after GC start → end (MiB) | metaspace end (MiB) | threads start → end | requests | statuses |',
    '|---|---|---|---|---|---|---|',
    ...SERVICES.map((s) => {
      const short = s.replace('-service', '');
      const t = tally.byService[short] ?? { requests: 0, byStatus: {} };
      return `| ${s} | ${f(first.jvms[s].rss / MiB)} → ${f(last.jvms[s].rss / MiB)} | ${f(first.jvms[s].heap / MiB, 2)} → ${f(last.jvms[s].heap / MiB, 2)}`
        + ` | ${f(last.jvms[s].metaspace / MiB)} | ${first.jvms[s].threads} → ${last.jvms[s].threads} | ${t.requests}`
        + ` | ${Object.entries(t.byStatus).map(([k, v]) => `${k}: ${v}`).join(', ')} |`;
    }), '',
    `Redis: auth-service db ${REDIS_DBS.auth} ${first.auth.keys} → ${last.auth.keys} keys (max ${Math.max(...samples.map((s) => s.auth.keys))}),`
    + ` ${f(first.auth.bytes / 1024)} → ${f(last.auth.bytes / 1024)} KiB; content-service db ${REDIS_DBS.content} ${first.content.keys} → ${last.content.keys} keys;`
    + ` the whole server's used_memory (shared with other work, not judged) ${f(first.usedMemory / MiB)} → ${f(last.usedMemory / MiB)} MiB.`,
    `PostgreSQL connections: ${PG_DBS.content} ${first.connections.content} → ${last.connections.content}`
    + ` (max ${Math.max(...samples.map((s) => s.connections.content))}), ${PG_DBS.auth} ${first.connections.auth} → ${last.connections.auth}`
    + ` (max ${Math.max(...samples.map((s) => s.connections.auth))}).`,
    `Server side (/q/metrics at the end): ${extra.serverSide}.`,
    `Workload: ${extra.workload}.`, '',
    '## The bound on auth-service\'s Redis keys', '',
    'Every key auth-service writes holds one thing with a lifetime, so the keys at any moment are bounded by what the',
    'workload made within those lifetimes. The workload keeps a ledger of each thing with the time of its last use, and',
    'each sample counts those still within their lifetime (lifetimes of this run, in seconds, with 10 s of slack:',
    `${Object.entries(LIFETIMES).map(([k, v]) => `${k} ${v}`).join(', ')}). Bound = pending requests + sessions + 2 × codes`,
    '(a used code and its used-marker stay an access token\'s lifetime) + access tokens + refresh tokens (current or retired:',
    'a retired one is kept until it expires, to detect its reuse) + 3 × grants (token set, revoked-marker, app index, alive',
    `until the grant's last token expires) + the abuse limits' counters (4 per account, 12 per address): ${authFixedKeys(extra.accounts)}.`,
    `Lifetimes were shortened for the soak (AUTH_*_TTL: code ${TTL.code} s, access ${TTL.access} s, refresh ${TTL.refresh} s,`
    + ` session ${TTL.session} s, pending request ${TTL.pending} s), so that things expire within the warm-up and the count`,
    'must level off rather than grow with the run; revoked grants are deleted at once, abandoned ones expire.', '',
    `Keys by kind at the end: ${AUTH_KINDS.map((k) => `${k} ${last.auth.byKind[k] ?? 0}`).join(', ')}.`, '',
    ...(tally.errors.length ? ['## Errors (first 50)', '', ...tally.errors.map((e) => `- ${e.time} ${e.service}: ${e.what}`), ''] : []),
  ];
  return lines.join('\n');
}

async function soak() {
  mkdirSync(OUT, { recursive: true });
  if (SAMPLE_SECONDS < 10 || SAMPLE_SECONDS > 30) throw new Error('SOAK_SAMPLE_SECONDS must be 10 to 30');
  const pids = Object.fromEntries(SERVICES.map((s) => [s, Number(readFileSync(`${ROOT}/.local/run/${s}.pid`, 'utf8'))]));
  const tally = new Tally();
  const ledger = new Ledger();
  const manifest = manifestWorkload(ROOT, env, tally);
  const content = await contentWorkload(env, tally);
  const auth = new AuthWorkload(env, tally, ledger);
  await auth.setup(PEOPLE);
  const started = Date.now();
  const deadline = started + MINUTES * 60_000;
  let stopping = false;
  const workload = { accounts: () => PEOPLE };
  const s = await sampler(pids, tally, ledger, started, workload);
  await s.take();

  const paced = async (perSecond, step) => {
    const interval = 1000 / perSecond;
    let next = Date.now();
    while (!stopping) {
      await step();
      next += interval;
      await sleep(Math.max(0, next - Date.now()));
    }
  };
  const every = async (minutes, action) => {
    while (!stopping) {
      await sleep(Math.min(minutes * 60_000, Math.max(1000, deadline - Date.now())));
      if (!stopping && Date.now() < deadline) await action();
    }
  };
  const person = async (i) => {
    while (!stopping) {
      await auth.visit(auth.emails[i], THINK_MS, () => stopping);
      await sleep(THINK_MS);
    }
  };
  const loops = [paced(MANIFEST_RATE, manifest), paced(CONTENT_RATE / 2, content.step), paced(CONTENT_RATE / 2, content.step),
    ...auth.emails.map((_, i) => person(i)), every(REGISTER_MINUTES, () => auth.register()),
    every(IMPORT_MINUTES, () => reimport(ROOT, env, tally))];
  console.log(`soak: ${MINUTES} min of manifest ${MANIFEST_RATE}/s, content ${CONTENT_RATE}/s (${content.variants} request variants),`
    + ` ${PEOPLE} people signing in and using tokens, a registration every ${REGISTER_MINUTES} min, a re-import every ${IMPORT_MINUTES} min;`
    + ` samples every ${SAMPLE_SECONDS} s into ${OUT}`);
  while (Date.now() < deadline) {
    await sleep(Math.min(SAMPLE_SECONDS * 1000, deadline - Date.now()));
    await s.take();
  }
  stopping = true;
  await Promise.all(loops);

  const text = Object.fromEntries(await Promise.all([['manifest', env.MANIFEST_MANAGEMENT_PORT ?? 9081],
    ['content', env.CONTENT_MANAGEMENT_PORT ?? 9082], ['auth', env.AUTH_ADMIN_PORT ?? 9083]].map(async ([k, port]) => [k, await metrics(port)])));
  const served = (k) => counter(text[k], 'http_server_requests_seconds_count');
  const server5xx = (k) => counter(text[k], 'http_server_requests_seconds_count', /status="5/);
  const serverSide = `requests ${['manifest', 'content', 'auth'].map((k) => `${k} ${served(k)}`).join(', ')};`
    + ` 5xx ${['manifest', 'content', 'auth'].map((k) => `${k} ${server5xx(k)}`).join(', ')};`
    + ` content answer cache hits ${counter(text.content, 'pressroom_content_cache_requests_total', /result="hit"/)},`
    + ` misses ${counter(text.content, 'pressroom_content_cache_requests_total', /result="miss"/)},`
    + ` 304s ${counter(text.content, 'pressroom_content_not_modified_total')},`
    + ` evictions by size ${counter(text.content, 'pressroom_content_cache_evictions_total', /reason="size"/)},`
    + ` by invalidation ${counter(text.content, 'pressroom_content_cache_evictions_total', /reason="invalidated"/)};`
    + ` auth tokens issued ${counter(text.auth, 'pressroom_auth_tokens_issued_total')},`
    + ` revocations ${counter(text.auth, 'pressroom_auth_revocations_total')}`;
  const workloadText = `${auth.registrations} registrations, ${tally.byService['content-import']?.requests ?? 0} re-imports`;
  const checks = judge(s.samples, tally);
  const commit = (await run('git', ['-C', ROOT, 'rev-parse', '--short', 'HEAD'])).stdout.trim();
  const report = summary(s.samples, tally, checks, { stamp: new Date(started).toISOString(), commit, serverSide,
    workload: workloadText, accounts: PEOPLE });
  writeFileSync(`${OUT}/summary.md`, `${report}\n`);
  writeFileSync(`${OUT}/requests.json`, JSON.stringify({ byService: tally.byService, errors: tally.errors }, (k, v) => (k === 'windowMs' ? undefined : v), 2));
  await s.close();
  console.log(`\n${report}`);
  process.exit(checks.every((c) => c.ok) ? 0 : 1);
}

const mode = process.argv[2];
if (mode === 'prepare') await prepare();
else if (mode === 'run') await soak();
else {
  console.error('usage: node soak.mjs prepare|run');
  process.exit(2);
}
