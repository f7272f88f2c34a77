import type { IncomingMessage, ServerResponse } from "node:http";
import type { Context } from "hono";
import { LRUCache } from "lru-cache";
import { readVersion } from "../../platform/changes/version.js";
import { keptAnswer, pageHeaders, representation } from "../answers.js";
import { perDatabaseCache } from "../../platform/cache/registry.js";
import type { AppEnv } from "../env.js";
import { rateBucketOf, rateLimitHeaders } from "../rate-limit.js";
import { clientAddressOfRequest, type FrontDoorDeps, writeAnswer } from "./deps.js";

// A page the app keeps for anonymous readers (the portal's: features/portal/web/kept-pages.ts),
// asked again with no cookie and the same Accept-Language, is answered at the door, before Hono.
// The entry holds the page's own headers (its CSP names who may frame it) and the workspace
// version they and the page were made at; the door answers only while the workspace still reads
// that version and the page is still kept at it, so it answers what the app would, exactly. The
// request is counted in the caller's address bucket, as the app counts a page.

interface PageEntry {
  workspaceId: string;
  version: number;
  /** The page's key in answers.ts's cache, which alone holds (and bounds) the bodies. */
  keptKey: string;
  headers: Record<string, string>;
}

const pages = perDatabaseCache("frontDoorPages", () => new LRUCache<string, PageEntry>({ max: 20_000 }));

/**
 * The door's key for a request that may be a kept page: a bodiless GET under /p/ with no cookie
 * (no reader, no language chosen) and no credential; the page's language follows Accept-Language.
 */
function pageKey(req: IncomingMessage): string | undefined {
  const h = req.headers;
  if (req.method !== "GET" || !req.url?.startsWith("/p/")) return undefined;
  if (h.cookie !== undefined || h.authorization !== undefined || h["x-service-public-key"] !== undefined) return undefined;
  if (h["content-length"] !== undefined || h["transfer-encoding"] !== undefined) return undefined;
  return `${req.url} ${h["accept-language"] ?? ""}`;
}

/** Told by the app of a page it answered from (or into) its kept answers: the next identical request may come in here. */
export function keepPageAtFrontDoor(c: Context<AppEnv>, entry: PageEntry): void {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const key = incoming && pageKey(incoming);
  if (key) pages(c.get("services").db).set(key, entry);
}

/** The entry a request would be answered from, if any. */
export function keptPageEntry(deps: FrontDoorDeps, req: IncomingMessage): PageEntry | undefined {
  const key = pageKey(req);
  return key === undefined ? undefined : pages(deps.services.db).get(key);
}

/** Answers the request from its kept page; false when the app must answer it instead. */
export async function answerKeptPage(deps: FrontDoorDeps, req: IncomingMessage, res: ServerResponse, entry: PageEntry): Promise<boolean> {
  const { db } = deps.services;
  if ((await readVersion(db, entry.workspaceId, "turn")) !== entry.version) return false;
  const kept = keptAnswer(db, entry.keptKey, entry.version);
  if (!kept) return false;
  const { bucket, limit, policy } = rateBucketOf(undefined, clientAddressOfRequest(deps, req), deps.rateLimit.defaultLimit);
  const decision = await deps.rateLimiter.consume(bucket, limit);
  // Over the limit: the app writes the 429.
  if (!decision.allowed) return false;
  const shaped = representation(db, entry.keptKey, kept, { acceptEncoding: req.headers["accept-encoding"], ifNoneMatch: req.headers["if-none-match"] });
  const headers = { ...pageHeaders(entry.headers, shaped.headers), ...rateLimitHeaders(decision, policy, deps.rateLimiter.windowSeconds) };
  writeAnswer(deps, req, res, shaped.status, headers, shaped.body);
  return true;
}
