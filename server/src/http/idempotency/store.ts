import { createCipheriv, createDecipheriv, createSecretKey, hash, randomBytes, type KeyObject } from "node:crypto";
import { isoAt, nowIso, nowMs } from "../../platform/lib/clock.js";
import { compiledOnce } from "../../platform/db/compiled-once.js";
import type { Db } from "../../platform/db/database.js";
import type { IdempotencyKeysTable } from "../../platform/db/schema.js";
import type { Tx } from "../../platform/context.js";
import { HeedError } from "../../platform/errors.js";

// Stored answers can hold secrets shown once (a new API key, a webhook secret, an end-user token),
// so the table holds neither the Idempotency-Key nor a readable answer: rows are found by the key's
// hash, and bodies are encrypted (AES-256-GCM) under a key derived from the Idempotency-Key, which
// only the client that sent it knows.
//
// The life of one (credential, key): looked up (findKey) and, once the request answered, stored
// as `done` (storeAnswer) inside the request's own transaction, so the stored answer commits with
// the writes or neither does, and a request that failed leaves nothing behind. Earlier versions
// committed a `running` claim first; such a row, left by a process that died, blocks its key with
// a 409 until its `locked_until` passes, then a retry runs and overwrites it.
/** How long an answered key is remembered unless IDEMPOTENCY_TTL_HOURS says otherwise. */
export const DEFAULT_KEY_TTL_MS = 24 * 3_600_000;

/** A stored answer, replayed as it was given. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type Claim = { kind: "run" } | { kind: "replay"; answer: Answer };

/** One request's Idempotency-Key as the store needs it, its hash made once for the lookup and the answer. */
export interface RequestKey {
  /** The credential the key belongs to (idempotency.ts). */
  scope: string;
  raw: string;
  stored: string;
  /** The request's method, path and body, hashed (key.ts). */
  fingerprint: string;
}

export function requestKey(scope: string, raw: string, fingerprint: string): RequestKey {
  return { scope, raw, stored: storedKey(raw), fingerprint };
}

/** How a key is stored and looked up. */
export function storedKey(key: string): string {
  return hash("sha256", `heed-idempotency-key\0${key}`, "base64url");
}

// A KeyObject rather than the Buffer itself: node:crypto checks a Buffer key's kind on every cipher
// it makes, which cost more than the encryption (a 400-byte answer sealed in 13.7 µs with a Buffer,
// 6.0 µs with a KeyObject made for the call; sealing was 5% of an idempotent post creation).
function bodyKey(key: string): KeyObject {
  return createSecretKey(hash("sha256", `heed-idempotency-body\0${key}`, "buffer"));
}

function seal(key: string, body: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", bodyKey(key), iv);
  const sealed = Buffer.concat([cipher.update(body, "utf8"), cipher.final()]);
  return [iv, sealed, cipher.getAuthTag()].map((part) => part.toString("base64url")).join(".");
}

function open(key: string, stored: string): string {
  const [iv, sealed, tag] = stored.split(".").map((part) => Buffer.from(part, "base64url"));
  const decipher = createDecipheriv("aes-256-gcm", bodyKey(key), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString("utf8");
}

function answerOf(key: string, row: IdempotencyKeysTable): Answer {
  return { status: row.status!, headers: JSON.parse(row.headers ?? "{}") as Record<string, string>, body: row.body ? open(key, row.body) : "" };
}

// Both statements run on every idempotent write: compiled once (`db` is the database compiled for,
// `tx` the request's transaction that runs them).
const selectKey = compiledOnce(["scope", "key"], (db, v) =>
  db.selectFrom("idempotency_keys").selectAll().where("scope", "=", v.scope).where("key", "=", v.key),
);

const STORED = ["fingerprint", "status", "headers", "body", "created_at", "expires_at"] as const;
const upsertAnswer = compiledOnce(["scope", "key", ...STORED], (db, v) => {
  const stored = {
    fingerprint: v.fingerprint,
    state: "done" as const,
    locked_until: null,
    status: v.status,
    headers: v.headers,
    body: v.body,
    created_at: v.created_at,
    expires_at: v.expires_at,
  };
  return db
    .insertInto("idempotency_keys")
    .values({ scope: v.scope, key: v.key, ...stored })
    .onConflict((oc) => oc.columns(["scope", "key"]).doUpdateSet(stored));
});

/**
 * What a request should do with its key, asked inside its own transaction while it holds the key
 * (its process's set of running keys, PostgreSQL's advisory lock, SQLite's write lock): replay the
 * stored answer, or run. Reads only: the answer is written once, at the end (storeAnswer), so a new
 * key costs one insert instead of an insert and an update.
 */
export async function findKey(db: Db, tx: Tx, key: RequestKey): Promise<Claim> {
  const now = nowIso();
  const [row] = (await tx.executeQuery(selectKey(db, { scope: key.scope, key: key.stored }))).rows;
  // None yet, or older than 24 h: forgotten, as if the purge had run (storeAnswer overwrites it).
  if (!row || row.expires_at <= now) return { kind: "run" };
  if (row.fingerprint !== key.fingerprint) {
    throw new HeedError("idempotency_key_reused", "This Idempotency-Key was used with a different request (method, path or body); use a new key.");
  }
  if (row.state === "done") return { kind: "replay", answer: answerOf(key.raw, row) };
  if (row.locked_until && row.locked_until > now) {
    throw new HeedError("idempotency_in_flight", "The first request with this Idempotency-Key is still running; retry once it has answered.");
  }
  // A claim whose process died before answering (a claim of an earlier version, whose lease ran out): run, and overwrite it.
  return { kind: "run" };
}

/** Writes the answer under the key, over whatever stale row findKey let the request run past. */
export async function storeAnswer(db: Db, tx: Db | Tx, key: RequestKey, answer: Answer, ttlMs = DEFAULT_KEY_TTL_MS): Promise<void> {
  const now = nowMs();
  await tx.executeQuery(
    upsertAnswer(db, {
      scope: key.scope,
      key: key.stored,
      fingerprint: key.fingerprint,
      status: answer.status,
      headers: JSON.stringify(answer.headers),
      body: answer.body ? seal(key.raw, answer.body) : null,
      created_at: isoAt(now),
      expires_at: isoAt(now + ttlMs),
    }),
  );
}

/** The hourly purge of keys past their 24 hours. */
export async function purgeExpiredKeys(db: Db): Promise<number> {
  const result = await db.deleteFrom("idempotency_keys").where("expires_at", "<=", nowIso()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
