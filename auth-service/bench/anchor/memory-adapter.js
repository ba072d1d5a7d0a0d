// The anchor's storage: oidc-provider's adapter interface over one in-process Map, bounded and least-recently-used
// first out like oidc-provider's own development adapter (lib/adapters/memory_adapter.js), but O(1) per operation.
// The bundled one keeps, per grant, a map of every token ever issued under it and scans it at each new token (and
// spreads it into Math.max): with one bench session issuing thousands of codes a second under one grant, its cost per
// request grows through a run, which would measure the adapter rather than the provider. Same semantics otherwise:
// expiry, consume, sessions by uid, and revocation of every token of a grant (refresh-token reuse revokes the chain).
const MAX_ENTRIES = Number(process.env.ANCHOR_MAX_ENTRIES || 100000);
const GRANTABLE = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode',
  'BackchannelAuthenticationRequest', 'PreAuthorizedCode']);

const entries = new Map(); // key -> { payload, expiresAt }, least recently used first
const grants = new Map(); // grantId -> Set of keys
const sessionUids = new Map(); // session uid -> session id
const userCodes = new Map();

function unindex(key, payload) {
  if (!payload) return;
  if (payload.grantId) {
    const members = grants.get(payload.grantId);
    if (members) {
      members.delete(key);
      if (members.size === 0) grants.delete(payload.grantId);
    }
  }
  if (payload.uid && key.startsWith('Session:') && sessionUids.get(payload.uid) === key.slice(8)) sessionUids.delete(payload.uid);
  if (payload.userCode) userCodes.delete(payload.userCode);
}

function remove(key) {
  const entry = entries.get(key);
  if (!entry) return;
  entries.delete(key);
  unindex(key, entry.payload);
}

function lookup(key) {
  const entry = entries.get(key);
  if (!entry) return undefined;
  if (entry.expiresAt <= Date.now()) {
    remove(key);
    return undefined;
  }
  entries.delete(key); // most recently used last
  entries.set(key, entry);
  return entry.payload;
}

export default class MemoryAdapter {
  constructor(model) {
    this.model = model;
  }

  key(id) {
    return `${this.model}:${id}`;
  }

  async upsert(id, payload, expiresIn) {
    const key = this.key(id);
    remove(key);
    entries.set(key, { payload, expiresAt: typeof expiresIn === 'number' ? Date.now() + expiresIn * 1000 : Infinity });
    if (GRANTABLE.has(this.model) && payload.grantId) {
      let members = grants.get(payload.grantId);
      if (!members) grants.set(payload.grantId, (members = new Set()));
      members.add(key);
    }
    if (this.model === 'Session') sessionUids.set(payload.uid, id);
    if (payload.userCode) userCodes.set(payload.userCode, id);
    while (entries.size > MAX_ENTRIES) remove(entries.keys().next().value);
  }

  async find(id) {
    return lookup(this.key(id));
  }

  async findByUid(uid) {
    const id = sessionUids.get(uid);
    return id === undefined ? undefined : this.find(id);
  }

  async findByUserCode(userCode) {
    const id = userCodes.get(userCode);
    return id === undefined ? undefined : this.find(id);
  }

  async consume(id) {
    const payload = lookup(this.key(id));
    if (payload) payload.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id) {
    remove(this.key(id));
  }

  async revokeByGrantId(grantId) {
    const members = grants.get(grantId);
    if (!members) return;
    grants.delete(grantId);
    for (const key of members) remove(key);
  }
}
