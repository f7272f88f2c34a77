import { LRUCache } from "lru-cache";
import { isoAt, nowIso, nowMs } from "../../platform/lib/clock.js";
import { isWellFormedKey, sha256Hex } from "../../platform/lib/secret-keys.js";
import type { Db } from "../../platform/db/database.js";
import { HeedError } from "../../platform/errors.js";
import { readVersion, type StampRead } from "../../platform/changes/version.js";
import type { Scope } from "../../../../packages/shared/src/scopes.js";
import type { WorkspaceRef } from "../../platform/context.js";
import { perDatabaseCache } from "../../platform/cache/registry.js";

export interface AuthenticatedKey {
  workspace: WorkspaceRef;
  keyId: string;
  scopes: Scope[];
  /** The key's own limit, else its workspace's, else null for the server default. */
  rateLimitPerMinute: number | null;
  /** The workspace's version when the key was checked: answers cached at it are exact (freshness/version.ts). */
  version: number;
}

// lastUsedAt is for people ("is this key still in use?"), so minute precision is enough and saves
// a write on almost every request.
const LAST_USED_PRECISION_MS = 60_000;

interface KnownKey {
  key: AuthenticatedKey;
  expiresAt: string | null;
  lastUsedMs: number;
}

// A checked key is kept with the workspace version it was read at. Revoking it, changing its
// limits or its workspace's are changes of that workspace, which raise the version: the next
// request on any instance reads the key anew. Expiry is a time, checked on every use.
const knownKeys = perDatabaseCache("secretKeys", () => new LRUCache<string, KnownKey>({ max: 10_000 }));
// Hashes with no key row at all: a key is random, so no row appears later under a hash already
// tried. Keeps a flood of well-formed but unknown keys from costing a query each.
const unknownKeys = perDatabaseCache("unknownKeyHashes", () => new LRUCache<string, true>({ max: 10_000 }));

// The same, by the token as sent, for tokens already refused without a lookup: a flood repeating
// one made-up key skips the checksum and the hash too (1.1 µs -> 8 ns a request). Only tokens that
// are malformed or have no key row are here, so none of them is a secret.
const refusedTokens = perDatabaseCache("refusedTokens", () => new LRUCache<string, true>({ max: 10_000 }));

// One refusal for every unknown key: building an Error and its stack per request made a flood of
// made-up keys cost more than the lookup that refuses them.
const INVALID = new HeedError("invalid_credential", "The API key is unknown, revoked or expired.");

/**
 * The refusal of a key that needs no lookup to refuse, decided without waiting: malformed, or
 * already known to be unknown. A flood of made-up keys is refused this way (the front door).
 */
export function refusalWithoutLookup(db: Db, key: string): HeedError | undefined {
  const refused = refusedTokens(db);
  if (refused.has(key)) return INVALID;
  if (!isWellFormedKey("sk", key) || unknownKeys(db).has(sha256Hex(key))) {
    refused.set(key, true);
    return INVALID;
  }
  return undefined;
}

/** Resolves a secret key to its workspace and scopes, or refuses with 401. */
export async function authenticateSecretKey(db: Db, key: string): Promise<AuthenticatedKey> {
  if (!isWellFormedKey("sk", key)) throw INVALID;
  return authenticateKeyHash(db, sha256Hex(key));
}

/** The same, for a well-formed key whose hash the caller has made already (the front door's). */
export async function authenticateKeyHash(db: Db, hash: string, stampRead: StampRead = "now"): Promise<AuthenticatedKey> {
  if (unknownKeys(db).has(hash)) throw INVALID;
  const cache = knownKeys(db);
  const known = cache.get(hash);
  if (known && known.key.version === (await readVersion(db, known.key.workspace.id, stampRead))) {
    if (known.expiresAt && known.expiresAt <= nowIso()) throw INVALID;
    await touch(db, known);
    return known.key;
  }
  const fresh = await readKey(db, hash);
  if (!fresh) {
    cache.delete(hash);
    throw INVALID;
  }
  cache.set(hash, fresh);
  if (fresh.expiresAt && fresh.expiresAt <= nowIso()) throw INVALID;
  await touch(db, fresh);
  return fresh.key;
}

/** The key and its workspace's version in one statement, so both come from the same moment. */
async function readKey(db: Db, hash: string): Promise<KnownKey | null> {
  const row = await db
    .selectFrom("api_keys")
    .innerJoin("workspaces", "workspaces.id", "api_keys.workspace_id")
    .leftJoin("workspace_versions", "workspace_versions.workspace_id", "api_keys.workspace_id")
    .select([
      "api_keys.id",
      "api_keys.scopes",
      "api_keys.expires_at",
      "api_keys.revoked_at",
      "api_keys.last_used_at",
      "api_keys.rate_limit_per_minute",
      "workspaces.id as workspace_id",
      "workspaces.slug as workspace_slug",
      "workspaces.rate_limit_per_minute as workspace_rate_limit",
      "workspace_versions.version",
    ])
    .where("api_keys.key_hash", "=", hash)
    .executeTakeFirst();
  if (!row) {
    unknownKeys(db).set(hash, true);
    return null;
  }
  if (row.revoked_at) return null;
  return {
    key: {
      workspace: { id: row.workspace_id, slug: row.workspace_slug },
      keyId: row.id,
      scopes: JSON.parse(row.scopes) as Scope[],
      rateLimitPerMinute: row.rate_limit_per_minute ?? row.workspace_rate_limit,
      version: Number(row.version ?? 0),
    },
    expiresAt: row.expires_at,
    lastUsedMs: row.last_used_at ? Date.parse(row.last_used_at) : 0,
  };
}

/** Records the use, at most once a minute per key and process. */
async function touch(db: Db, known: KnownKey): Promise<void> {
  const now = nowMs();
  if (known.lastUsedMs >= now - LAST_USED_PRECISION_MS) return;
  known.lastUsedMs = now;
  await db
    .updateTable("api_keys")
    .set({ last_used_at: isoAt(now) })
    .where("id", "=", known.key.keyId)
    .execute();
}
