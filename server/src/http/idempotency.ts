import type { Context } from "hono";
import { parseIdempotencyKey, requestFingerprint } from "../core/idempotency/key.js";
import { claimKey, completeKey, releaseKey, type Answer } from "../core/idempotency/store.js";
import type { AppEnv } from "./env.js";
import { toProblem } from "./problem.js";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const REPLAYED_HEADERS = ["content-type", "location"];

/**
 * Answers worth remembering: successes, and refusals that came from the state of the data (an
 * unknown id, a conflict). Refusals of the request itself (validation, auth, rate limits, size)
 * are not stored, so a corrected retry with the same key runs.
 */
export function remembered(status: number): boolean {
  return status < 400 || status === 404 || status === 409;
}

class RollBack extends Error {}

async function answerOf(res: Response): Promise<Answer> {
  const headers = Object.fromEntries(REPLAYED_HEADERS.flatMap((name) => (res.headers.has(name) ? [[name, res.headers.get(name)!]] : [])));
  return { status: res.status, headers, body: await res.clone().text() };
}

/** A route handler, whatever its path parameters and input: it is only called through. */
type Handler = (c: never, next: never) => unknown;

/**
 * Idempotency-Key on every write, for every route without opting in: wraps the route's handler,
 * so a key is claimed only for a request that passed authentication and validation. The request
 * runs inside one transaction that its verbs join (ctx.tx), and a success is stored in that same
 * transaction: the writes and the memory of them commit together, or neither does. Any refusal
 * rolls the transaction back (on PostgreSQL a failed statement leaves it unusable, and nothing a
 * refused request wrote may stay); a refusal worth remembering is stored after the rollback.
 */
export function idempotent<H extends Handler>(method: string, handler: H): H {
  if (!WRITES.has(method.toUpperCase())) return handler;
  return (async (c: Context<AppEnv>, next: never) => {
    const header = c.req.header("idempotency-key");
    if (header === undefined) return handler(c as never, next);
    const key = parseIdempotencyKey(header);
    const ctx = c.get("ctx");
    // Keys belong to the credential: an API key, or on the customer side the public key's workspace
    // and the end user (anonymous callers of one workspace share a scope; their keys are random).
    const scope = ctx.actor.type === "end_user" ? `public:${ctx.workspace.id}:${ctx.actor.id ?? "anonymous"}` : `${ctx.actor.type}:${ctx.actor.id}`;
    const url = new URL(c.req.url);
    const fingerprint = requestFingerprint(c.req.method, url.pathname + url.search, await c.req.text());
    const { db } = ctx.services;

    const claim = await claimKey(db, scope, key, fingerprint, ctx.services.idempotencyTtlMs);
    if (claim.kind === "replay") {
      const { status, headers, body } = claim.answer;
      const replayHeaders = { ...headers, "idempotent-replayed": "true" };
      return body ? c.body(body, status as 200, replayHeaders) : c.body(null, status as 200, replayHeaders);
    }

    let response: Response | undefined;
    let stored = false;
    try {
      await db.transaction().execute(async (tx) => {
        c.set("ctx", { ...ctx, tx });
        try {
          response = (await handler(c as never, next)) as Response;
        } catch (error) {
          response = toProblem(error, c);
        }
        if (response.status >= 400) throw new RollBack();
        await completeKey(tx, scope, key, await answerOf(response));
        stored = true;
      });
    } catch (error) {
      if (!(error instanceof RollBack)) throw error;
    } finally {
      c.set("ctx", ctx);
    }
    // Set inside the transaction, which either ran the handler or threw past this point.
    const answer = response!;
    if (!stored && remembered(answer.status)) {
      await completeKey(db, scope, key, await answerOf(answer));
      stored = true;
    }
    if (!stored) await releaseKey(db, scope, key);
    return answer;
  }) as unknown as H;
}
