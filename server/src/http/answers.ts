import { hash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { Context } from "hono";
import { LRUCache } from "lru-cache";
import { isCustomerCtx } from "./credentials/customer-context.js";
import { perDatabaseCache } from "../platform/cache/registry.js";
import { readVersion } from "../platform/changes/version.js";
import type { Db } from "../platform/db/database.js";
import type { AppEnv } from "./env.js";
import { chooseCoding, type Coding } from "./encodings.js";
import { keptHitInApp, keptMiss } from "./metrics/outcomes.js";

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
  /** The body's media type when it is not JSON (the portal's pages). */
  contentType?: string;
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
  headers["content-type"] = kept.contentType ?? "application/json";
  if (!gzip) return { status: 200, body: kept.body, headers };
  if (!kept.gzip) {
    kept.gzip = gzipSync(kept.body);
    // Stored again, so the cache counts the gzipped size; an answer not kept stays out.
    if (keptAt(db).peek(key) === kept) keep(db, key, kept);
  }
  headers["content-encoding"] = "gzip";
  return { status: 200, body: kept.gzip, headers };
}

/**
 * An answer made at `version` under `key`, kept when its key was asked before at that version (as
 * the routes' answers are): for answers made outside a route's handler, the portal's pages.
 */
export function madeAnswer(db: Db, key: string, version: number, body: string, contentType?: string): { kept: Kept; stored: boolean } {
  const encoded = Buffer.from(body);
  const kept: Kept = { version, body: encoded, etag: etagOf(encoded), ...(contentType ? { contentType } : {}) };
  const stored = askedBefore(db, key, version);
  if (stored) keep(db, key, kept);
  return { kept, stored };
}

/** A page's own headers with its representation's (ETag, encoding): both Vary lists kept. */
export function pageHeaders(own: Record<string, string>, representationHeaders: Record<string, string>): Record<string, string> {
  const vary = [own.vary, representationHeaders.vary].filter(Boolean).join(", ");
  return { ...own, ...representationHeaders, ...(vary ? { vary } : {}) };
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

// Requests that miss the same answer at the same version share one render: after a write, every
// client asking for page 1 at that moment would otherwise render it at once (50 connections, 50
// renders of the same page). Still exact: a request joins only a render labelled with the version
// it read itself after it arrived, and a render is never older than its label. Not a cache: an
// entry lives while its render runs.
const renders = new WeakMap<Db, Map<string, Promise<Kept | undefined>>>();

function rendersOf(db: Db): Map<string, Promise<Kept | undefined>> {
  let flights = renders.get(db);
  if (!flights) {
    flights = new Map();
    renders.set(db, flights);
  }
  return flights;
}

function share(flights: Map<string, Promise<Kept | undefined>>, flightKey: string, made: Promise<Kept | undefined>): void {
  flights.set(flightKey, made);
  const done = () => {
    if (flights.get(flightKey) === made) flights.delete(flightKey);
  };
  made.then(done, done);
}

/**
 * How a GET route makes its answer: its handler's Response, or, for a route that only calls its
 * verb, the 200's JSON as bytes. The bytes are kept and hashed as they are; a Response would have
 * to be read back first (encoded into a stream, read, decoded, encoded again), which costs a
 * quarter of an uncached list's CPU (993 µs a request on the bench's database against 725).
 */
export type Maker<H extends Handler = Handler> = { handler: H } | { json: (c: Context<AppEnv>) => Promise<Buffer> };

/** Runs the route: the answer to keep when it is a 200, or the handler's other response. */
async function render(maker: Maker, c: Context<AppEnv>, next: never, version: number): Promise<{ response: Response } | { kept: Kept }> {
  const body = await bodyOf(maker, c, next);
  return body instanceof Response ? { response: body } : { kept: { version, body, etag: etagOf(body) } };
}

/** The 200's bytes, or the handler's response when it is not a 200. */
async function bodyOf(maker: Maker, c: Context<AppEnv>, next: never): Promise<Buffer | Response> {
  if ("json" in maker) return maker.json(c);
  const response = (await maker.handler(c as never, next)) as Response;
  return response.status === 200 ? Buffer.from(await response.arrayBuffer()) : response;
}

/** Wraps a GET route's handler: ETags on every answer, and kept answers when `keeps` is set. */
export function answeredWithEtag<H extends Handler>(maker: Maker<H>, keeps: (url: string) => boolean): H {
  return (async (c: Context<AppEnv>, next: never) => {
    const ctx = keeps(c.req.url) ? c.get("ctx") : undefined;
    // The version is read before the handler reads anything, so a kept answer is never older
    // than its label (a write committing meanwhile raises the version past it).
    const version = ctx ? (c.get("version") ?? (await readVersion(ctx.services.db, ctx.workspace.id))) : 0;
    const key = ctx ? keyOf(c) : "";
    const found = ctx ? keptAnswer(ctx.services.db, key, version) : undefined;
    if (ctx && found) {
      keptHitInApp.inc();
      return answer(c, ctx.services.db, key, found, true);
    }

    if (ctx) {
      keptMiss.inc();
      const { db } = ctx.services;
      const flights = rendersOf(db);
      const flightKey = `${version} ${key}`;
      const shared = flights.get(flightKey);
      // Another request is making this very answer at this very version: its answer is this one's too.
      let made = shared ? await shared.catch(() => undefined) : undefined;
      if (!made) {
        // None, or it failed or was not a 200: this request makes its own, shared only when it is the first.
        const own = render(maker, c, next, version);
        if (!shared)
          share(
            flights,
            flightKey,
            own.then((r) => ("kept" in r ? r.kept : undefined)),
          );
        const rendered = await own;
        if (!("kept" in rendered)) return rendered.response;
        made = rendered.kept;
      }
      const stored = askedBefore(db, key, version);
      if (stored) keep(db, key, made);
      return answer(c, db, key, made, stored);
    }
    if ("json" in maker) {
      const body = await maker.json(c);
      const etag = etagOf(body);
      if (matches(c.req.header("if-none-match"), etag)) return c.body(null, 304, { etag });
      return c.body(body as Uint8Array<ArrayBuffer>, 200, { etag, "content-type": "application/json" });
    }
    // A handler's answer keeps the headers it set.
    const response = (await maker.handler(c as never, next)) as Response;
    if (response.status !== 200) return response;
    const body = Buffer.from(await response.arrayBuffer());
    const etag = etagOf(body);
    if (matches(c.req.header("if-none-match"), etag)) return c.body(null, 304, { etag });
    const headers = new Headers(response.headers);
    headers.set("etag", etag);
    return new Response(body, { status: 200, headers });
  }) as unknown as H;
}
