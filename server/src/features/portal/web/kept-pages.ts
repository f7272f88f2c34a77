import type { Context } from "hono";
import { madeAnswer, keptAnswer, pageHeaders, representation, type Kept } from "../../../http/answers.js";
import type { AppEnv } from "../../../http/env.js";
import { keepPageAtFrontDoor } from "../../../http/front-door/kept-pages.js";
import type { PortalRequest } from "./context.js";

// The portal's pages for an anonymous reader are kept like /v1 answers (http/answers.ts): labelled
// with the workspace's version read with the workspace itself (portalRequest, one statement), before
// anything the page shows is read, so a kept page is never older than its label and any change
// makes it anew on the next request, on every instance. Keyed by workspace, the resolved language
// and the address; `Vary: Accept-Language, Cookie` tells caches on the way the same.
//
// A signed-in reader's pages are never kept: they carry the reader's form token, votes and name.
// Nor is a page that chose its language by `?lang=` (it sets the language cookie), nor a refusal.

const HTML = "text/html; charset=UTF-8";

/** The key of this request's page, or null when the page is not one to keep. */
export function keptPageKey(r: PortalRequest, c: Context<AppEnv>): string | null {
  if (c.req.method !== "GET" || r.ctx.customer.viewer || r.frame.languageInAddress) return null;
  const url = c.req.url;
  return `${r.ctx.customer.workspace.id} portal:${r.frame.t.locale} ${url.slice(url.indexOf("/", url.indexOf("//") + 2))}`;
}

/** The workspace's version the page is labelled with: read in the same statement as the workspace. */
const versionOf = (r: PortalRequest) => r.ctx.customer.workspace.version;

function send(c: Context<AppEnv>, r: PortalRequest, key: string, kept: Kept, headers: Record<string, string>, stored: boolean): Response {
  // Kept: the next identical request (no cookie, the same Accept-Language) may be answered at the door.
  if (stored) keepPageAtFrontDoor(c, { workspaceId: r.ctx.customer.workspace.id, version: versionOf(r), keptKey: key, headers });
  const request = { acceptEncoding: c.req.header("accept-encoding"), ifNoneMatch: c.req.header("if-none-match") };
  const shaped = representation(r.ctx.services.db, key, kept, request);
  const all = pageHeaders(headers, shaped.headers);
  return shaped.body ? c.body(shaped.body as Uint8Array<ArrayBuffer>, 200, all) : c.body(null, 304, all);
}

/** The kept page under `key`, answered (200 or 304), or undefined when there is none at this version. */
export function keptPage(c: Context<AppEnv>, r: PortalRequest, key: string, headers: Record<string, string>): Response | undefined {
  const kept = keptAnswer(r.ctx.services.db, key, versionOf(r));
  return kept && send(c, r, key, kept, headers, true);
}

/** A page just rendered: kept if its address was asked before at this version, answered with its tag. */
export function keepPage(c: Context<AppEnv>, r: PortalRequest, key: string, html: string, headers: Record<string, string>): Response {
  const { kept, stored } = madeAnswer(r.ctx.services.db, key, versionOf(r), html, HTML);
  return send(c, r, key, kept, headers, stored);
}
