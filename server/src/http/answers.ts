import { hash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { Context } from "hono";
import { LRUCache } from "lru-cache";
import { isCustomerCtx } from "./credentials/customer-context.js";
import { perDatabaseCache } from "./cache/registry.js";
import { readVersion } from "../platform/changes/version.js";
import type { Db } from "../platform/db/database.js";
import type { AppEnv } from "./env.js";
import { chooseCoding, type Coding } from "./encodings.js";

// The answers of GET routes: every 200 carries an ETag (a hash of its body), and a request whose
// If-None-Match holds it gets a 304 without the body. Routes that declare `cache` keep their
// answers, each labelled with the workspace version it was made at (platform/changes/version.ts):
// while the version stands, the same request gets the same bytes without running the handler.

/** Told of every answer the app keeps; the front door listens (front-door/index.ts), answers.ts knows no listener. */
export type KeptListener = (c: Context<AppEnv>, keptKey: string) => void;
const keptListeners = new Set<KeptListener>();

export function onAnswerKept(listener: KeptListener): void {
  keptListeners.add(listener);
}

export interface Kept {
  version: number;
  /** UTF-8 already: a kept answer is encoded once, not on every write to a socket. */
  body: Buffer;
  etag: string;
  /** The body gzipped, made for the first reader that accepts it: a list shrinks about five times. */
  gzip?: Buffer;
}

/** Smaller answers are sent as they are: compressing them saves less than it costs. */
const GZIP_FROM_BYTES = 1024;

/** How many bytes of answers one server keeps; least recently used go first. */
const KEPT_BYTES = 32 * 1024 * 1024;
const keptAt = perDatabaseCache(
  "keptAnswers",
  () =>
    new LRUCache<string, Kept>({
      maxSize: KEPT_BYTES,
      sizeCalculation: (answer, key) => answer.body.byteLength + (answer.gzip?.byteLength ?? 0) + key.length,
    }),
);

// Keys asked for once, with the version they were asked at. An answer is kept the second time its
// key is asked at the same version: a client that never repeats a URL (a fresh cursor or a
// cache-busting parameter on every request) would otherwise churn the whole cache, and the freed
// bodies would pile up outside V8's heap until a full collection (RSS grew 160 MiB in 10 s of it).
const askedOnce = perDatabaseCache("askedOnce", () => new LRUCache<string, number>({ max: 10_000 }));

/** Should the answer under this key be kept? Yes when it was asked for before at this version. */
function askedBefore(db: Db, key: string, version: number): boolean {
  const asked = askedOnce(db);
  if (asked.get(key) === version) {
    asked.delete(key);
    return true;
  }
  asked.set(key, version);
  return false;
}

/** The kept answer under this key (keyOf), at this version, if there is one. */
export function keptAnswer(db: Db, key: string, version: number): Kept | undefined {
  const found = keptAt(db).get(key);
  return found?.version === version ? found : undefined;
}

function etagOf(body: string | Buffer): string {
  return `"${hash("sha1", body, "base64url")}"`;
}

/** The gzipped representation's tag: another representation, another strong tag (RFC 9110 8.8.3). */
const gzipTag = (etag: string) => `${etag.slice(0, -1)}-gz"`;

/** Does If-None-Match name this ETag (or its gzipped form's)? A list of tags, weak or strong, or `*`. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const gzipped = gzipTag(etag);
  return ifNoneMatch.split(",").some((listed) => {
    const tag = listed.trim().replace(/^W\//, "");
    return tag === etag || tag === gzipped;
  });
}

/** Kept answers are offered in gzip alone: made per answer on first ask, it is the cheaper to make. */
const GZIP_ONLY: readonly Coding[] = ["gzip"];

/**
 * One kept answer as a reader asked for it: gzipped when they take it, 304 when they hold it. The
 * gzipped body is made for the first reader that takes it, and counted in the cache's size.
 */
export function representation(
  db: Db,
  key: string,
  kept: Kept,
  request: { acceptEncoding: string | undefined; ifNoneMatch: string | undefined },
): { status: 200 | 304; body: Buffer | null; headers: Record<string, string> } {
  const compressible = kept.body.byteLength >= GZIP_FROM_BYTES;
  const gzip = compressible && chooseCoding(request.acceptEncoding, GZIP_ONLY) === "gzip";
  const etag = gzip ? gzipTag(kept.etag) : kept.etag;
  const headers: Record<string, string> = { etag };
  if (compressible) headers.vary = "Accept-Encoding";
  if (matches(request.ifNoneMatch, kept.etag)) return { status: 304, body: null, headers };
  headers["content-type"] = "application/json";
  if (!gzip) return { status: 200, body: kept.body, headers };
  if (!kept.gzip) {
    kept.gzip = gzipSync(kept.body);
    // Stored again, so the cache counts the gzipped size; an answer not kept stays out.
    if (keptAt(db).peek(key) === kept) keep(db, key, kept);
  }
  headers["content-encoding"] = "gzip";
  return { status: 200, body: kept.gzip, headers };
}

/** (Re)stores a kept answer, so that the cache counts its size as it is now. */
function keep(db: Db, key: string, answer: Kept): void {
  keptAt(db).set(key, answer);
}

/** Answers from `found`; `stored` when it is in the cache, so the front door may answer it next time. */
function answer(c: Context<AppEnv>, db: Db, key: string, found: Kept, stored: boolean): Response {
  if (stored) for (const listener of keptListeners) listener(c, key);
  const request = { acceptEncoding: c.req.header("accept-encoding"), ifNoneMatch: c.req.header("if-none-match") };
  const { body, headers } = representation(db, key, found, request);
  return body ? c.body(body as Uint8Array<ArrayBuffer>, 200, headers) : c.body(null, 304, headers);
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

/** Wraps a GET route's handler: ETags on every answer, and kept answers when `keeps` is set. */
export function answeredWithEtag<H extends Handler>(handler: H, keeps: (url: string) => boolean): H {
  return (async (c: Context<AppEnv>, next: never) => {
    const ctx = keeps(c.req.url) ? c.get("ctx") : undefined;
    // The version is read before the handler reads anything, so a kept answer is never older
    // than its label (a write committing meanwhile raises the version past it).
    const version = ctx ? (c.get("version") ?? (await readVersion(ctx.services.db, ctx.workspace.id))) : 0;
    const key = ctx ? keyOf(c) : "";
    const found = ctx ? keptAnswer(ctx.services.db, key, version) : undefined;
    if (ctx && found) return answer(c, ctx.services.db, key, found, true);

    const response = (await handler(c as never, next)) as Response;
    if (response.status !== 200) return response;
    const body = await response.text();
    if (ctx) {
      const encoded = Buffer.from(body);
      const made = { version, body: encoded, etag: etagOf(encoded) };
      const stored = askedBefore(ctx.services.db, key, version);
      if (stored) keep(ctx.services.db, key, made);
      return answer(c, ctx.services.db, key, made, stored);
    }
    const etag = etagOf(body);
    if (matches(c.req.header("if-none-match"), etag)) return c.body(null, 304, { etag });
    const headers = new Headers(response.headers);
    headers.set("etag", etag);
    return new Response(body, { status: 200, headers });
  }) as unknown as H;
}
