// The anchor of auth-service's benchmark: node's oidc-provider (panva, the certified provider the OpenID Foundation
// lists), configured like auth-service's spec, so that `make bench` can run the same driver against both and compare
// their throughput per server CPU-second (bench/anchor/README.md).
//
//   node server.js   (environment: ANCHOR_PORT, ANCHOR_KEY, ANCHOR_CLIENT_SECRET, ANCHOR_ACCOUNTS, ANCHOR_PASSWORD)
//
// Like auth-service: authorization code flow only, PKCE S256 required of every client, client_secret_basic, opaque
// access tokens (1 h), refresh tokens rotated at every use (30 days), RS256 ID tokens carrying the claims of the
// granted scopes (profile: name, picture, updated_at; email: email, email_verified), introspection for the token's own
// confidential client, revocation, consent asked once per account, client and scopes, and the password checked against
// an Argon2id hash of the same cost (m=7 MiB, t=5, p=1, 16-byte salt, 32-byte tag) with the reference C
// (npm argon2, on libuv's thread pool). Unlike auth-service it keeps everything in its own memory, as oidc-provider's
// development adapter does (memory-adapter.js): it pays no datastore round trip, the strict comparison for us.
import { createPrivateKey, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Provider from 'oidc-provider';
import argon2 from 'argon2';
import MemoryAdapter from './memory-adapter.js';

const port = Number(process.env.ANCHOR_PORT || 3000);
const issuer = process.env.ANCHOR_ISSUER || `http://127.0.0.1:${port}`;
const password = process.env.ANCHOR_PASSWORD || 'bench-password-123';
const people = Number(process.env.ANCHOR_ACCOUNTS || 32);
const clientSecret = process.env.ANCHOR_CLIENT_SECRET || randomBytes(32).toString('base64url');
const keyFile = process.env.ANCHOR_KEY;
if (!keyFile) throw new Error('ANCHOR_KEY: the RSA signing key, PKCS#8 PEM');

const ARGON2 = { type: argon2.argon2id, memoryCost: 7 * 1024, timeCost: 5, parallelism: 1, hashLength: 32, saltLength: 16 };

// The bench's people: bench@pressroom.test and bench-1..n@pressroom.test, each with the bench password.
const accounts = new Map();
const emails = ['bench@pressroom.test'];
for (let i = 1; i <= people; i += 1) emails.push(`bench-${i}@pressroom.test`);
for (const [i, email] of emails.entries()) {
  const sub = randomBytes(16).toString('hex');
  accounts.set(email, { sub, email, name: i === 0 ? 'Bench' : `Bench ${i}`, hash: await argon2.hash(password, ARGON2) });
}
const bySub = new Map([...accounts.values()].map((a) => [a.sub, a]));
const updatedAt = Math.floor(Date.now() / 1000);

const jwk = { ...createPrivateKey(readFileSync(keyFile)).export({ format: 'jwk' }), kid: 'bench', alg: 'RS256', use: 'sig' };

const provider = new Provider(issuer, {
  adapter: MemoryAdapter,
  clients: [{
    client_id: 'pressroom-bench',
    client_secret: clientSecret,
    client_name: 'Bench',
    redirect_uris: ['http://127.0.0.1:9999/cb'],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
    id_token_signed_response_alg: 'RS256',
    scope: 'openid profile email offline_access',
  }],
  jwks: { keys: [jwk] },
  responseTypes: ['code'],
  scopes: ['openid', 'offline_access', 'profile', 'email'],
  claims: { openid: ['sub'], profile: ['name', 'picture', 'updated_at'], email: ['email', 'email_verified'] },
  // auth-service puts the granted scopes' claims in the ID token too.
  conformIdTokenClaims: false,
  pkce: { required: () => true },
  rotateRefreshToken: true,
  ttl: {
    AccessToken: 3600,
    AuthorizationCode: 300,
    IdToken: 3600,
    RefreshToken: 30 * 24 * 3600,
    Interaction: 15 * 60,
    Session: 12 * 3600,
    Grant: 90 * 24 * 3600,
  },
  features: {
    devInteractions: { enabled: false },
    introspection: {
      enabled: true,
      // As auth-service: confidential clients only, about their own tokens.
      allowedPolicy: (ctx, client, token) => client.clientAuthMethod !== 'none' && token.clientId === client.clientId,
    },
    revocation: { enabled: true },
  },
  routes: {
    authorization: '/oauth/authorize',
    token: '/oauth/token',
    introspection: '/oauth/introspect',
    revocation: '/oauth/revoke',
    userinfo: '/oauth/userinfo',
    jwks: '/.well-known/jwks.json',
    end_session: '/logout',
  },
  interactions: { url: (ctx, interaction) => `/interaction/${interaction.uid}` },
  findAccount: (ctx, sub) => {
    const account = bySub.get(sub);
    if (!account) return undefined;
    return {
      accountId: sub,
      claims: () => ({
        sub,
        name: account.name,
        picture: null,
        updated_at: updatedAt,
        email: account.email,
        email_verified: true,
      }),
    };
  },
  renderError: (ctx, out) => {
    ctx.type = 'text/plain';
    ctx.body = `${out.error}: ${out.error_description}\n`;
  },
});

const escape = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (title, form) => `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head>`
  + `<body><main><h1>${escape(title)}</h1>\n${form}\n</main></body></html>\n`;

async function formBody(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > 16384) throw new Error('form too large');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

async function finish(ctx, result, mergeWithLastSubmission) {
  const to = await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission });
  ctx.status = 303;
  ctx.redirect(to);
}

// The sign-in and consent pages, as small as auth-service's: a form each, no script.
provider.use(async (ctx, next) => {
  const match = /^\/interaction\/([A-Za-z0-9_-]+)(\/login|\/consent)?$/.exec(ctx.path);
  if (!match) return next();
  ctx.set('Cache-Control', 'no-store');
  const details = await provider.interactionDetails(ctx.req, ctx.res);
  const { uid, prompt, params } = details;
  if (uid !== match[1]) ctx.throw(400, 'interaction mismatch');
  if (ctx.method === 'GET' && !match[2]) {
    ctx.type = 'html';
    if (prompt.name === 'login') {
      ctx.body = page('Sign in', `<form method="post" action="/interaction/${uid}/login">`
        + '<input name="email" type="email" required><input name="password" type="password" required>'
        + '<button type="submit">Sign in</button></form>');
    } else {
      ctx.body = page('Allow access', `<form method="post" action="/interaction/${uid}/consent">`
        + `<p>Bench asks for ${escape(params.scope)}</p>`
        + '<button type="submit" name="decision" value="allow">Allow</button></form>');
    }
    return undefined;
  }
  if (ctx.method !== 'POST' || !match[2]) ctx.throw(405);
  const form = await formBody(ctx.req);
  if (match[2] === '/login') {
    const account = accounts.get(form.get('email') || '');
    const ok = account ? await argon2.verify(account.hash, form.get('password') || '') : false;
    if (!ok) {
      ctx.type = 'html';
      ctx.body = page('Sign in', `<p>Wrong email or password</p><form method="post" action="/interaction/${uid}/login">`
        + '<input name="email" type="email" required><input name="password" type="password" required>'
        + '<button type="submit">Sign in</button></form>');
      return undefined;
    }
    return finish(ctx, { login: { accountId: account.sub, amr: ['pwd'] } }, false);
  }
  // Consent: grant what was asked (scopes and claims), once per account and client, as auth-service records it.
  if (form.get('decision') !== 'allow') {
    return finish(ctx, { error: 'access_denied' }, false);
  }
  const { details: missing } = prompt;
  let grant = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
  if (!grant) grant = new provider.Grant({ accountId: details.session.accountId, clientId: params.client_id });
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  const grantId = await grant.save();
  return finish(ctx, { consent: { grantId } }, true);
});

provider.listen(port, '127.0.0.1', () => {
  process.stdout.write(`anchor: oidc-provider listening on ${issuer} (pid ${process.pid})\n`);
});
