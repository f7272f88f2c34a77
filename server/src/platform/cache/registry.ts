import { perDatabase } from "../changes/per-database.js";
import type { Db } from "../db/database.js";

// Every cache a Heed process keeps, in one list: what it holds, what it is keyed by, and why an
// entry never outlives what it copies. A module makes its cache through `perDatabaseCache` or
// `processCache` with a name from this list, so a cache cannot exist without its entry here, and
// server/src/platform/cache/test/cache-registry.test.ts walks the list: each entry has a scenario that fills the
// cache, makes the write that changes what it holds, and sees the next read answer the new truth.
//
// Most entries are exact through the workspace version (platform/changes/version.ts): an entry
// carries the version it was made at and is used only while the workspace still reads that
// version, and recordChange raises it inside every write's transaction. No write has to know which
// caches hold its data; it has only to record its change, as every verb does.

/** Why an entry is never stale. */
export type Freshness =
  /** Used only while the workspace's version is the one the entry was made at; every recorded change raises it. */
  | "workspace-version"
  /** The key is everything the entry was made from: changed settings are another key, never a stale entry. */
  | "keyed-by-what-it-holds"
  /** What it remembers cannot become untrue: say why in `droppedBy`. */
  | "never-untrue"
  /** Used only while the SQLite file's commit stamp reads as it did just before the entry was read: any commit changes it. */
  | "no-commit-since";

export interface CacheDeclaration {
  holds: string;
  keyedBy: string;
  freshness: Freshness;
  /** The writes that change what an entry holds, and how the entry stops being used after them. */
  droppedBy: string;
  /** One per database handle (a started server), or one per process. */
  scope: "database" | "process";
}

export const CACHES = {
  secretKeys: {
    holds: "a checked secret key: its workspace, scopes, rate limit and expiry",
    keyedBy: "the key's SHA-256",
    freshness: "workspace-version",
    droppedBy: "revoking or updating the key, or changing the workspace: each records a change; expiry is a time, checked on every use",
    scope: "database",
  },
  unknownKeyHashes: {
    holds: "hashes of well-formed keys that have no key row",
    keyedBy: "the key's SHA-256",
    freshness: "never-untrue",
    droppedBy: "nothing can: a key is 32 random bytes, so no row ever appears under a hash already tried",
    scope: "database",
  },
  refusedTokens: {
    holds: "tokens refused without a lookup (malformed, or of an unknown hash)",
    keyedBy: "the token as sent",
    freshness: "never-untrue",
    droppedBy: "nothing can: a malformed token stays malformed, and an unknown one stays unknown (see unknownKeyHashes)",
    scope: "database",
  },
  publicKeys: {
    holds: "the workspace a public key opens, with its portal settings",
    keyedBy: "the public key",
    freshness: "workspace-version",
    droppedBy: "rotating the public key or changing the workspace's settings: each records a change",
    scope: "database",
  },
  portalSlugs: {
    holds: "the workspace a portal address (/p/{slug}) names, with its portal settings",
    keyedBy: "the slug",
    freshness: "workspace-version",
    droppedBy: "changing the workspace's settings (its slug among them) records a change; the entry is used only while its workspace still reads its version",
    scope: "database",
  },
  workspaceOrigins: {
    holds: "the origins a workspace allows (who may frame its portal)",
    keyedBy: "the workspace",
    freshness: "workspace-version",
    droppedBy: "changing the allowed origins is a workspace settings change, which records a change",
    scope: "database",
  },
  keptAnswers: {
    holds: "the bytes (and gzip) of a GET answer a route declared cacheable, and of an anonymous reader's portal page",
    keyedBy: "the route, the workspace, the credential's view (key scopes or end user) and the query",
    freshness: "workspace-version",
    droppedBy: "any change in the workspace: the answer is served only at the version it was made at",
    scope: "database",
  },
  askedOnce: {
    holds: "answer keys asked for once, with the version they were asked at (an answer is kept the second time)",
    keyedBy: "the kept answer's key",
    freshness: "workspace-version",
    droppedBy: "any change in the workspace: a key asked at an older version counts as not asked",
    scope: "database",
  },
  frontDoorEntries: {
    holds: "which kept answer a repeated GET maps to, so the front door answers it before the app",
    keyedBy: "the credential and the URL",
    freshness: "workspace-version",
    droppedBy: "any change in the workspace: the door re-checks the credential and answers only from a kept answer at the current version",
    scope: "database",
  },
  frontDoorPages: {
    holds: "which kept portal page a repeated anonymous GET maps to, with the page's headers and the version both were made at",
    keyedBy: "the URL and the Accept-Language header (requests with a cookie or a credential never use it)",
    freshness: "workspace-version",
    droppedBy: "any change in the workspace: the door answers only while the workspace reads the entry's version and the page is kept at it",
    scope: "database",
  },

  workspaceVersions: {
    holds: "a workspace's version as last read from a SQLite file, with the commit stamp taken just before the read",
    keyedBy: "the workspace id",
    freshness: "no-commit-since",
    droppedBy:
      "any commit to the database by any connection of any process changes the stamp (the wal-index header, platform/db/commit-stamps.ts), and the entry is read again",
    scope: "database",
  },

  teamRoutes: {
    holds: "whether a method and path is one of the team's routes",
    keyedBy: "the app's operation list, then the method and path",
    freshness: "never-untrue",
    droppedBy: "nothing can: it is worked out from the operations in the code, which no request changes",
    scope: "process",
  },
  postPageShapes: {
    holds: "the compiled SQL of a page of posts, one per shape (the filters set, the sort, first page or not), with which request value goes in each parameter",
    keyedBy: "the shape: which filters are set, the status category, the sort, whether a cursor is given",
    freshness: "never-untrue",
    droppedBy: "nothing can: a shape's SQL is worked out from the code alone; every value a request brings is a parameter",
    scope: "process",
  },
  oidcDiscovery: {
    holds: "an OpenID provider's discovered configuration",
    keyedBy: "the issuer, client id, client secret and whether private addresses are refused",
    freshness: "keyed-by-what-it-holds",
    droppedBy: "changing a workspace's provider settings makes another key; a failed discovery is dropped and tried again",
    scope: "process",
  },
} as const satisfies Record<string, CacheDeclaration>;

export type CacheName = keyof typeof CACHES;

const byDatabase = new Map<CacheName, WeakMap<Db, unknown>>();
const inProcess = new Map<CacheName, unknown>();

/** The cache of this name for a database handle: one per started server, so test files never share entries. */
export function perDatabaseCache<T>(name: CacheName, create: () => T): (db: Db) => T {
  if (byDatabase.has(name) || CACHES[name].scope !== "database") throw new Error(`cache ${name} is declared twice or with another scope`);
  const values = new WeakMap<Db, T>();
  byDatabase.set(name, values);
  return perDatabase(create, values);
}

/** The cache of this name for the whole process. */
export function processCache<T>(name: CacheName, create: () => T): T {
  if (inProcess.has(name) || CACHES[name].scope !== "process") throw new Error(`cache ${name} is declared twice or with another scope`);
  const value = create();
  inProcess.set(name, value);
  return value;
}

/** What a cache holds now, for the registry's test: undefined before its module made it. */
export function cacheInstance(name: CacheName, db: Db): unknown {
  return CACHES[name].scope === "database" ? byDatabase.get(name)?.get(db) : inProcess.get(name);
}
