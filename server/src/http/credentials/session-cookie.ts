import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { SESSION_LIFETIME_MS, type RequestMeta } from "./team-sessions.js";
import type { AppEnv } from "../env.js";
import { servedOverHttps as secure } from "./browser-origin.js";

// The dashboard session travels as an HttpOnly cookie that scripts cannot read, SameSite=Lax so a
// cross-site POST does not carry it, and Secure under https, where it takes the `__Host-` prefix
// (no Domain, Path=/, Secure) so a sibling subdomain cannot plant or overwrite it.

//
// Beside it goes `heed_signed_in=1`, which scripts may read and which holds nothing secret: it says
// only that a session cookie was set, so the dashboard asks `GET /auth/session` when there may be
// a session and a signed-out visitor's sign-in page logs no 401. A forged one costs one 401.

function cookieName(c: Context<AppEnv>): string {
  return secure(c) ? "__Host-heed_session" : "heed_session";
}

function hintName(c: Context<AppEnv>): string {
  return secure(c) ? "__Host-heed_signed_in" : "heed_signed_in";
}

export function sessionToken(c: Context<AppEnv>): string | undefined {
  return getCookie(c, cookieName(c));
}

/** The browser a new session is signed in from, as the account's list of sessions shows it. */
export function requestMeta(c: Context<AppEnv>): RequestMeta {
  return { userAgent: c.req.header("user-agent") ?? null, ip: c.get("clientAddress") ?? null };
}

export function setSessionCookie(c: Context<AppEnv>, token: string): void {
  setCookie(c, cookieName(c), token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: secure(c),
    path: "/",
    maxAge: Math.floor(SESSION_LIFETIME_MS / 1000),
  });
  setSessionHint(c);
}

function setSessionHint(c: Context<AppEnv>): void {
  setCookie(c, hintName(c), "1", { sameSite: "Lax", secure: secure(c), path: "/", maxAge: Math.floor(SESSION_LIFETIME_MS / 1000) });
}

/** The dashboard's page gives a session cookie set before the hint existed its hint. */
export function hintSessionCookie(c: Context<AppEnv>): void {
  if (sessionToken(c) !== undefined && getCookie(c, hintName(c)) === undefined) setSessionHint(c);
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, cookieName(c), { path: "/", secure: secure(c) });
  deleteCookie(c, hintName(c), { path: "/", secure: secure(c) });
}
