import { createHmac } from "node:crypto";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { type Viewer, viewerFromToken } from "./customer-context.js";
import type { PortalSignIn } from "./portal-sessions.js";
import type { PublicWorkspace } from "./public-key.js";
import { HeedError } from "../../platform/errors.js";
import type { AppEnv } from "../env.js";
import { nowMs } from "../../platform/lib/clock.js";
import { safeEqual } from "../../platform/lib/secret-keys.js";
import { isForeignOrigin, servedOverHttps as secure } from "./browser-origin.js";

// The portal's sign-in: an HttpOnly cookie holding an end-user token that names a server-side
// portal session (http/credentials/portal-sessions.ts: 30 days a token, 90 in all), scoped to the
// portal's path, SameSite=Lax so another site's form does not carry it. Signing out ends the
// session; rotating the identity secret voids it, as it voids every end-user token. Each write
// (a form post) also carries a token derived from the cookie's, and a same-origin Origin.
//
// The widget's panel frames the portal inside the customer's app, often another site, where a
// Lax cookie is never sent and third-party cookies are blocked. Under https, the panel's sign-in
// therefore sets a second cookie, partitioned (CHIPS: SameSite=None; Secure; Partitioned): the
// browser keeps it for the portal as framed by that one site only, so it tracks nobody across
// sites. A reader is signed in by either cookie.

function cookieName(c: Context<AppEnv>): string {
  return secure(c) ? "__Secure-heed_portal" : "heed_portal";
}

const EMBED_COOKIE = "__Secure-heed_portal_embed";

const pathOf = (slug: string) => `/p/${slug}`;

/** The cookie lives as long as its token. */
export function setPortalCookie(c: Context<AppEnv>, slug: string, { token, expiresAtMs }: PortalSignIn, options: { embedded?: boolean } = {}): void {
  const common = { httpOnly: true, path: pathOf(slug), maxAge: Math.max(0, Math.round((expiresAtMs - nowMs()) / 1000)) };
  setCookie(c, cookieName(c), token, { ...common, sameSite: "Lax", secure: secure(c) });
  if (options.embedded && secure(c)) setCookie(c, EMBED_COOKIE, token, { ...common, sameSite: "None", secure: true, partitioned: true });
}

export function clearPortalCookie(c: Context<AppEnv>, slug: string): void {
  deleteCookie(c, cookieName(c), { path: pathOf(slug), secure: secure(c) });
  if (secure(c) && getCookie(c, EMBED_COOKIE)) deleteCookie(c, EMBED_COOKIE, { path: pathOf(slug), secure: true, sameSite: "None", partitioned: true });
}

/**
 * The signed-in end user and their token, or null: a stale, foreign or forged cookie, one whose
 * session ended, or one holding a token of no portal session, reads as signed out.
 */
export async function portalViewer(c: Context<AppEnv>, workspace: PublicWorkspace): Promise<{ viewer: Viewer; token: string } | null> {
  const token = getCookie(c, cookieName(c)) ?? (secure(c) ? getCookie(c, EMBED_COOKIE) : undefined);
  if (!token) return null;
  const services = c.get("services");
  try {
    const viewer = await viewerFromToken(services, workspace, token);
    return viewer.session ? { viewer, token } : null;
  } catch (error) {
    if (error instanceof HeedError) return null;
    throw error;
  }
}

/** The form token of a signed-in reader: bound to their cookie, so another site cannot know it. */
export function formToken(c: Context<AppEnv>, sessionToken: string): string {
  return createHmac("sha256", c.get("services").userTokenSecret).update(`heed-portal-form\0${sessionToken}`).digest("base64url");
}

/** A write is refused unless it carries the form token of this cookie and, when the browser sends one, this origin. */
export function checkFormToken(c: Context<AppEnv>, sessionToken: string, sent: unknown): void {
  if (isForeignOrigin(c)) throw new HeedError("csrf_failed", "This form was sent from another site.");
  if (!safeEqual(typeof sent === "string" ? sent : "", formToken(c, sessionToken))) {
    throw new HeedError("csrf_failed", "This form is out of date: reload the page and send it again.");
  }
}
