import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { SESSION_LIFETIME_MS } from "./team-sessions.js";
import type { AppEnv } from "../env.js";
import { servedOverHttps as secure } from "./browser-origin.js";

// The dashboard session travels as an HttpOnly cookie that scripts cannot read, SameSite=Lax so a
// cross-site POST does not carry it, and Secure under https, where it takes the `__Host-` prefix
// (no Domain, Path=/, Secure) so a sibling subdomain cannot plant or overwrite it.

function cookieName(c: Context<AppEnv>): string {
  return secure(c) ? "__Host-heed_session" : "heed_session";
}

export function sessionToken(c: Context<AppEnv>): string | undefined {
  return getCookie(c, cookieName(c));
}

export function setSessionCookie(c: Context<AppEnv>, token: string): void {
  setCookie(c, cookieName(c), token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: secure(c),
    path: "/",
    maxAge: Math.floor(SESSION_LIFETIME_MS / 1000),
  });
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, cookieName(c), { path: "/", secure: secure(c) });
}
