import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { isoAt, nowIso, nowMs } from "../../lib/clock.js";
import type { Db } from "../../db/database.js";
import type { IdempotencyKeysTable } from "../../db/schema.js";
import type { Tx } from "../context.js";
import { HeedError } from "../errors.js";

// Stored answers can hold secrets shown once (a new API key, a webhook secret, an end-user token),
// so the table holds neither the Idempotency-Key nor a readable answer: rows are found by the key's
// hash, and bodies are encrypted (AES-256-GCM) under a key derived from the Idempotency-Key, which
// only the client that sent it knows.
//
// The life of one (credential, key): claimed as `running` and completed as `done` inside the
// request's own transaction, so the stored answer commits with the writes or neither does, and a
// request that failed leaves no claim behind. A `running` row another process can see is one
// whose process died between an older claim and its answer: its lease lets a retry take over.

/** How long a claim holds without an answer; then a retry may take over (the process died). */
const CLAIM_LEASE_MS = 60_000;
/** How long an answered key is remembered unless IDEMPOTENCY_TTL_HOURS says otherwise. */
export const DEFAULT_KEY_TTL_MS = 24 * 3_600_000;

/** A stored answer, replayed as it was given. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type Claim = { kind: "run" } | { kind: "replay"; answer: Answer };

/** How a key is stored and looked up. */
export function storedKey(key: string): string {
  return createHash("sha256").update(`heed-idempotency-key\0${key}`).digest("base64url");
}

function bodyKey(key: string): Buffer {
  return createHash("sha256").update(`heed-idempotency-body\0${key}`).digest();
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

export async function claimKey(db: Db | Tx, scope: string, rawKey: string, fingerprint: string, ttlMs = DEFAULT_KEY_TTL_MS): Promise<Claim> {
  const key = storedKey(rawKey);
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = nowIso();
    // The common case is a new key: one insert, and only a conflict makes us read the row.
    const inserted = await db
      .insertInto("idempotency_keys")
      .values({
        scope,
        key,
        fingerprint,
        state: "running",
        locked_until: isoAt(nowMs() + CLAIM_LEASE_MS),
        status: null,
        headers: null,
        body: null,
        created_at: now,
        expires_at: isoAt(nowMs() + ttlMs),
      })
      .onConflict((oc) => oc.columns(["scope", "key"]).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { kind: "run" };

    const row = await db.selectFrom("idempotency_keys").selectAll().where("scope", "=", scope).where("key", "=", key).executeTakeFirst();
    if (!row) continue; // released between our insert and read: try again
    if (row.expires_at <= now) {
      // Older than 24 h: forgotten, as if the purge had run. Then claim it afresh.
      await db.deleteFrom("idempotency_keys").where("scope", "=", scope).where("key", "=", key).where("expires_at", "=", row.expires_at).execute();
      continue;
    }
    if (row.fingerprint !== fingerprint) {
      throw new HeedError("idempotency_key_reused", "This Idempotency-Key was used with a different request (method, path or body); use a new key.");
    }
    if (row.state === "done") return { kind: "replay", answer: answerOf(rawKey, row) };
    if (row.locked_until && row.locked_until > now) {
      throw new HeedError("idempotency_in_flight", "The first request with this Idempotency-Key is still running; retry once it has answered.");
    }
    // The claim's lease ran out without an answer (its process died): take it over, once.
    const taken = await db
      .updateTable("idempotency_keys")
      .set({ locked_until: isoAt(nowMs() + CLAIM_LEASE_MS) })
      .where("scope", "=", scope)
      .where("key", "=", key)
      .where("state", "=", "running")
      .where("locked_until", "=", row.locked_until)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) return { kind: "run" };
  }
  throw new HeedError("idempotency_in_flight", "Another request with this Idempotency-Key is being handled; retry shortly.");
}

/** Stores the answer: a success in the request's own transaction, a remembered refusal after it. */
export async function completeKey(db: Db | Tx, scope: string, rawKey: string, answer: Answer): Promise<void> {
  await db
    .updateTable("idempotency_keys")
    .set({
      state: "done",
      locked_until: null,
      status: answer.status,
      headers: JSON.stringify(answer.headers),
      body: answer.body ? seal(rawKey, answer.body) : null,
    })
    .where("scope", "=", scope)
    .where("key", "=", storedKey(rawKey))
    .execute();
}

/** Forgets a claim whose request did nothing that should be remembered (5xx, refusals). */
export async function releaseKey(db: Db, scope: string, rawKey: string): Promise<void> {
  await db.deleteFrom("idempotency_keys").where("scope", "=", scope).where("key", "=", storedKey(rawKey)).where("state", "=", "running").execute();
}

/** The hourly purge of keys past their 24 hours. */
export async function purgeExpiredKeys(db: Db): Promise<number> {
  const result = await db.deleteFrom("idempotency_keys").where("expires_at", "<=", nowIso()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
