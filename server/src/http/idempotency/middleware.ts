import type { Context } from "hono";
import { parseIdempotencyKey, requestFingerprint } from "./key.js";
import { findKey, requestKey, storeAnswer, type Answer, type RequestKey } from "./store.js";
import { sql } from "kysely";
import type { Tx } from "../../platform/context.js";
import { HeedError } from "../../platform/errors.js";
import { perDatabase } from "../../platform/changes/per-database.js";
import type { Db } from "../../platform/db/database.js";
import type { AppEnv } from "../env.js";
import { toProblem } from "../problem.js";

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

/**
 * The answer to store, and the response to send in place of `res`, whose body this reads. Made anew
 * from the text rather than cloned: a clone tees the body into streams, and @hono/node-server then
 * streams the answer instead of writing the string it holds (idempotent post creations on the
 * bench's database: about 240 a second with the clone, 350 without; plain ones about 410).
 */
async function settle(res: Response): Promise<{ answer: Answer; response: Response }> {
  const headers = Object.fromEntries(REPLAYED_HEADERS.flatMap((name) => (res.headers.has(name) ? [[name, res.headers.get(name)!]] : [])));
  const body = await res.text();
  const response = new Response(body === "" ? null : body, { status: res.status, headers: res.headers });
  return { answer: { status: res.status, headers, body }, response };
}

/** A route handler, whatever its path parameters and input: it is only called through. */
type Handler = (c: never, next: never) => unknown;

/**
 * Idempotency-Key on every write, for every route without opting in: wraps the route's handler,
 * so a key is claimed only for a request that passed authentication and validation. The claim,
 * the request's writes (its verbs join the transaction: ctx.tx) and the stored answer are one
 * transaction: they commit together, or none does. A second request with the same key waits on
 * the first one's claim (PostgreSQL's unique index, SQLite's write lock) and then replays its
 * answer; one commit per write instead of two made idempotent writes cost little more than plain
 * ones. Any refusal rolls the transaction back (on PostgreSQL a failed statement leaves it
 * unusable, and nothing a refused request wrote may stay); a refusal worth remembering is stored
 * after the rollback.
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
    const keyed = requestKey(scope, key, requestFingerprint(c.req.method, url.pathname + url.search, await c.req.text()));
    const { db } = ctx.services;

    // The contract's 409 while the first request runs: this process knows its own requests, and on
    // PostgreSQL a transaction-scoped advisory lock tells the other instances (SQLite's other
    // processes wait for the first request's write lock instead, then replay its answer).
    const running = runningKeys(db);
    const claimed = `${scope}\0${key}`;
    if (running.has(claimed)) throw inFlight();
    running.add(claimed);
    let replay: Answer | undefined;
    let response: Response | undefined;
    let stored = false;
    try {
      await db.transaction().execute(async (tx) => {
        if (ctx.services.dialect === "postgres" && !(await lockKey(tx, scope, key))) throw inFlight();
        const claim = await findKey(db, tx, keyed);
        if (claim.kind === "replay") {
          replay = claim.answer;
          return;
        }
        c.set("ctx", { ...ctx, tx });
        try {
          response = (await handler(c as never, next)) as Response;
        } catch (error) {
          response = toProblem(error, c);
        }
        if (response.status >= 400) throw new RollBack();
        const settled = await settle(response);
        response = settled.response;
        await storeAnswer(db, tx, keyed, settled.answer, ctx.services.idempotencyTtlMs);
        stored = true;
      });
    } catch (error) {
      if (!(error instanceof RollBack)) throw error;
    } finally {
      c.set("ctx", ctx);
      running.delete(claimed);
    }
    if (replay) {
      const { status, headers, body } = replay;
      const replayHeaders = { ...headers, "idempotent-replayed": "true" };
      return body ? c.body(body, status as 200, replayHeaders) : c.body(null, status as 200, replayHeaders);
    }
    // Set inside the transaction, which either ran the handler or threw past this point.
    const answer = response!;
    if (stored || !remembered(answer.status)) return answer;
    const settled = await settle(answer);
    await rememberRefusal(db, keyed, settled.answer, ctx.services.idempotencyTtlMs);
    return settled.response;
  }) as unknown as H;
}

/** The (credential, key) pairs this process is running now. */
const runningKeys = perDatabase(() => new Set<string>());

const inFlight = () => new HeedError("idempotency_in_flight", "The first request with this Idempotency-Key is still running; retry once it has answered.");

/** Takes the key's advisory lock for the transaction, or says another instance holds it. */
async function lockKey(tx: Tx, scope: string, key: string): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(hashtext(${scope}), hashtext(${key})) as locked`.execute(tx);
  return rows[0]?.locked === true;
}

/** Stores a refusal that came from the data (404, 409) after its transaction rolled back, claim and all. */
async function rememberRefusal(db: Db, key: RequestKey, answer: Answer, ttlMs: number | undefined): Promise<void> {
  await db.transaction().execute(async (tx) => {
    // Another request may have claimed the key meanwhile: then its answer stands, not this one.
    if ((await findKey(db, tx, key)).kind === "run") await storeAnswer(db, tx, key, answer, ttlMs);
  });
}
