import { createHash } from "node:crypto";
import type { Context } from "hono";
import { LRUCache } from "lru-cache";
import { isCustomerCtx } from "../core/customers/context.js";
import { perDatabase } from "../core/freshness/per-database.js";
import { readVersion } from "../core/freshness/version.js";
import type { AppEnv } from "./env.js";

// The answers of GET routes: every 200 carries an ETag (a hash of its body), and a request whose
// If-None-Match holds it gets a 304 without the body. Routes that declare `cache` keep their
// answers, each labelled with the workspace version it was made at (core/freshness/version.ts):
// while the version stands, the same request gets the same bytes without running the handler.

interface Kept {
  version: number;
  body: string;
  etag: string;
}

/** How many bytes of answers one server keeps; least recently used go first. */
const KEPT_BYTES = 32 * 1024 * 1024;
const kept = perDatabase(() => new LRUCache<string, Kept>({ maxSize: KEPT_BYTES, sizeCalculation: (answer, key) => answer.body.length + key.length }));

function etagOf(body: string): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

/** Does If-None-Match name this ETag? A list of tags, weak or strong, or `*`. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

function answer(c: Context<AppEnv>, { body, etag }: Pick<Kept, "body" | "etag">): Response {
  if (matches(c.req.header("if-none-match"), etag)) return c.body(null, 304, { etag });
  return c.body(body, 200, { "content-type": "application/json", etag });
}

/**
 * Everything that shapes an answer besides the workspace's data: the workspace, who reads (the
 * customer side's viewer sees their own votes; the team's credentials all see the same), and the
 * path with its query.
 */
function keyOf(c: Context<AppEnv>): string {
  const ctx = c.get("ctx");
  const reader = isCustomerCtx(ctx) ? `customer:${ctx.customer.viewer?.id ?? ""}` : "team";
  const url = c.req.url;
  return `${ctx.workspace.id} ${reader} ${url.slice(url.indexOf("/", url.indexOf("//") + 2))}`;
}

type Handler = (c: never, next: never) => unknown;

/** Wraps a GET route's handler: ETags on every answer, and kept answers when `keep` is set. */
export function answeredWithEtag<H extends Handler>(handler: H, keep: boolean): H {
  return (async (c: Context<AppEnv>, next: never) => {
    const ctx = keep ? c.get("ctx") : undefined;
    // The version is read before the handler reads anything, so a kept answer is never older
    // than its label (a write committing meanwhile raises the version past it).
    const version = ctx ? (c.get("version") ?? (await readVersion(ctx.services.db, ctx.workspace.id))) : 0;
    const key = ctx ? keyOf(c) : "";
    const found = ctx ? kept(ctx.services.db).get(key) : undefined;
    if (found && found.version === version) return answer(c, found);

    const response = (await handler(c as never, next)) as Response;
    if (response.status !== 200) return response;
    const body = await response.text();
    const etag = etagOf(body);
    if (ctx) {
      kept(ctx.services.db).set(key, { version, body, etag });
      return answer(c, { body, etag });
    }
    if (matches(c.req.header("if-none-match"), etag)) return c.body(null, 304, { etag });
    const headers = new Headers(response.headers);
    headers.set("etag", etag);
    return new Response(body, { status: 200, headers });
  }) as unknown as H;
}
