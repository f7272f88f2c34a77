import type { Context } from "hono";
import { ZodError } from "zod";
import { offersEmailSignIn } from "../email-sign-in.js";
import { HeedError } from "../../../platform/errors.js";
import type { AppEnv } from "../../../http/env.js";
import type { ActionResult } from "./actions.js";
import { requireReader } from "./actions.js";
import { type PortalRequest, portalRequest } from "./context.js";
import { keepPage, keptPage, keptPageKey } from "./kept-pages.js";
import { visitorLanguage } from "./language.js";
import type { Html } from "./layout.js";
import { badRequestPage, formRefusedPage, noSuchPortalPage, notFoundPage, privatePage, signInFirstPage } from "./pages/notice.js";

// How a portal request is answered: its headers (a strict CSP that lets only the workspace's
// allowed origins frame it), a page or a form post wrapped with the private-portal gate and its
// refusals drawn as pages (404, 400, 401, 403; never a 5xx for what a reader sent), and XML.

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' https: data:; connect-src 'self'; form-action 'self'; base-uri 'none'; object-src 'none'";

/**
 * A page's headers: the sites the workspace allows may frame it (the widget's panel), no other.
 * X-Frame-Options cannot name other sites, so it is sent (SAMEORIGIN) only when none is allowed.
 */
export function headersFor(r: PortalRequest): Record<string, string> {
  const ancestors = r.embedders.includes("*") ? "*" : ["'self'", ...r.embedders].join(" ");
  return {
    ...(r.embedders.length === 0 ? { "x-frame-options": "SAMEORIGIN" } : {}),
    "content-security-policy": `${CSP}; frame-ancestors ${ancestors}`,
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "cache-control": "no-cache",
    // The language follows the browser's Accept-Language and the switch's cookie (language.ts).
    vary: "Accept-Language, Cookie",
  };
}

/** A page, null for "not found", or where the reader goes instead. */
export type Render = (r: PortalRequest, c: Context<AppEnv>) => Promise<Html | { redirect: string } | null>;

export function isBadInput(error: unknown): boolean {
  return error instanceof ZodError || (error instanceof HeedError && error.status === 400);
}

/** One portal page: the workspace, the private-portal gate, the page, and its refusals as pages. */
export function portalPage(render: Render, scriptUrl: string | null) {
  return async (c: Context<AppEnv>) => {
    const r = await portalRequest(c, scriptUrl);
    if (!r) return noSuchPortal(c);
    const here = r.url(c.req.path.slice(r.frame.base.length));
    const answer = async (body: Html, status: 200 | 400 | 404, extra: Record<string, string> = {}) =>
      c.html(await body, status, { ...headersFor(r), ...extra });
    if (r.ctx.customer.workspace.portalVisibility === "private" && !r.ctx.customer.viewer) {
      const otherWays = offersEmailSignIn(r.ctx) || r.ctx.customer.workspace.portalGuestAccess;
      const signInLink = otherWays ? `${r.frame.base}/sign-in?redirect=${encodeURIComponent(c.req.path)}` : null;
      return answer(privatePage(r.frame, here, signInLink), 200, { "x-robots-tag": "noindex, nofollow" });
    }
    const keyed = keptPageKey(r, c);
    const kept = keyed && keptPage(c, r, keyed, headersFor(r));
    if (kept) return kept;
    try {
      const body = await render(r, c);
      if (body && typeof body === "object" && "redirect" in body) return c.redirect(body.redirect, 302);
      if (body && keyed) return keepPage(c, r, keyed, String(await body), headersFor(r));
      return body ? answer(body, 200) : answer(notFoundPage(r.frame, here), 404);
    } catch (error) {
      if (error instanceof HeedError && error.status === 404) return answer(notFoundPage(r.frame, here), 404);
      if (isBadInput(error)) return answer(badRequestPage(r.frame, here), 400);
      throw error;
    }
  };
}

export type Act = (r: PortalRequest, c: Context<AppEnv>, form: Record<string, string | File | (string | File)[]>) => Promise<ActionResult>;

/**
 * One form post of a signed-in reader: the form token first, then the action; it answers with a
 * 303 to the result (or JSON for the page's script), or the page again with the refusal. A reader
 * who is not signed in, a stale form, a locked post are each a page that says so.
 */
export function portalAction(act: Act, scriptUrl: string | null) {
  return async (c: Context<AppEnv>) => {
    const r = await portalRequest(c, scriptUrl);
    if (!r) return noSuchPortal(c);
    const here = r.url(c.req.path.slice(r.frame.base.length));
    const answer = async (body: Html, status: 400 | 401 | 403 | 404 | 429, extra: Record<string, string> = {}) =>
      c.html(await body, status, { ...headersFor(r), ...extra });
    try {
      const form = await c.req.parseBody({ all: true });
      if (!requireReader(r, c, form)) return answer(signInFirstPage(r.frame, here), 401);
      const result = await act(r, c, form);
      if ("redirect" in result) return c.redirect(result.redirect, 303);
      if ("json" in result) return c.json(result.json, 200);
      return result.page ? answer(result.page, result.status, result.headers) : answer(notFoundPage(r.frame, here), 404);
    } catch (error) {
      if (!(error instanceof HeedError)) throw error;
      if (error.code === "csrf_failed") return answer(formRefusedPage(r.frame, here), 403);
      if (error.status === 404) return answer(notFoundPage(r.frame, here), 404);
      if (error.status === 401) return answer(signInFirstPage(r.frame, here), 401);
      if (error.status === 400) return answer(badRequestPage(r.frame, here), 400);
      if (error.status === 403) return answer(formRefusedPage(r.frame, here), 403);
      throw error;
    }
  };
}

/** A feed or sitemap: XML, or a plain 404 for an unknown or private portal. */
export function portalXml(type: string, render: (r: PortalRequest) => Promise<string>) {
  return async (c: Context<AppEnv>) => {
    const r = await portalRequest(c);
    if (!r || (r.ctx.customer.workspace.portalVisibility === "private" && !r.ctx.customer.viewer)) {
      return c.text("Not found", 404, { "content-type": "text/plain; charset=utf-8", "x-robots-tag": "noindex" });
    }
    return c.body(await render(r), 200, { "content-type": `${type}; charset=utf-8`, "cache-control": "public, max-age=300" });
  };
}

/** The answer for an address under /p/ that names no workspace: a page, for the person who typed it. */
export function noSuchPortal(c: Context<AppEnv>) {
  return c.html(noSuchPortalPage(visitorLanguage(c)), 404, {
    "content-security-policy": `${CSP}; frame-ancestors 'none'`,
    "x-robots-tag": "noindex",
    vary: "Accept-Language, Cookie",
  });
}

/**
 * An address under /p/ that no portal route takes: the workspace's own "not found" page when the
 * address names one, else the page for no portal at all.
 */
export async function portalNotFound(c: Context<AppEnv>) {
  const slug = c.req.path.split("/")[2] ?? "";
  const r = await portalRequest(c, null, slug);
  if (!r || (r.ctx.customer.workspace.portalVisibility === "private" && !r.ctx.customer.viewer)) return noSuchPortal(c);
  return c.html(await notFoundPage(r.frame, r.url()), 404, headersFor(r));
}
