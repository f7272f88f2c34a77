import type { MiddlewareHandler } from "hono";
import { parseIdempotencyKey, requestFingerprint } from "../core/idempotency/key.js";
import { claimKey, completeKey, releaseKey } from "../core/idempotency/store.js";
import type { AppEnv } from "./env.js";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const REPLAYED_HEADERS = ["content-type", "location"];

/**
 * Answers worth remembering: successes, and refusals that came from the state of the data (an
 * unknown id, a conflict). Refusals of the request itself (validation, auth, rate limits, size)
 * are not stored, so a corrected retry with the same key runs.
 */
function remembered(status: number): boolean {
  return status < 400 || status === 404 || status === 409;
}

class RollBack extends Error {}

/**
 * Idempotency-Key on every write, for every route without opting in. The request runs inside one
 * transaction that its verbs join (ctx.tx), and the stored answer is written in that same
 * transaction: the writes and the memory of them commit together, or neither does.
 */
export const idempotency: MiddlewareHandler<AppEnv> = async (c, next) => {
  const header = c.req.header("idempotency-key");
  if (header === undefined || !WRITES.has(c.req.method)) return next();
  const key = parseIdempotencyKey(header);
  const ctx = c.get("ctx");
  const scope = `${ctx.actor.type}:${ctx.actor.id}`;
  const url = new URL(c.req.url);
  const fingerprint = requestFingerprint(c.req.method, url.pathname + url.search, await c.req.text());
  const { db } = ctx.services;

  const claim = await claimKey(db, scope, key, fingerprint, ctx.services.idempotencyTtlMs);
  if (claim.kind === "replay") {
    const headers: Record<string, string> = JSON.parse(claim.row.headers ?? "{}");
    const status = claim.row.status as 200;
    const replayHeaders = { ...headers, "idempotent-replayed": "true" };
    return claim.row.body ? c.body(claim.row.body, status, replayHeaders) : c.body(null, status, replayHeaders);
  }

  let stored = false;
  try {
    await db.transaction().execute(async (tx) => {
      c.set("ctx", { ...ctx, tx });
      await next();
      if (!remembered(c.res.status)) throw new RollBack();
      const body = await c.res.clone().text();
      const headers = Object.fromEntries(REPLAYED_HEADERS.flatMap((name) => (c.res.headers.has(name) ? [[name, c.res.headers.get(name)!]] : [])));
      await completeKey(tx, scope, key, { status: c.res.status, headers, body });
      stored = true;
    });
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
  } finally {
    c.set("ctx", ctx);
    if (!stored) await releaseKey(db, scope, key);
  }
};
