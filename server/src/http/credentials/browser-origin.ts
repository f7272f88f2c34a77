import type { Context } from "hono";
import type { AppEnv } from "../env.js";

// What the dashboard's session cookie and the portal's cookie both decide from PUBLIC_URL: whether
// cookies must be Secure (and may take the __Host-/__Secure- prefixes), and whether a browser's
// request comes from Heed's own pages.

/** Heed is served over https: its cookies are Secure. */
export function servedOverHttps(c: Context<AppEnv>): boolean {
  return c.get("services").publicUrl.startsWith("https:");
}

/** The Origin the browser sends names Heed's own pages (the origin of PUBLIC_URL). */
export function isSameOrigin(c: Context<AppEnv>): boolean {
  const origin = c.req.header("origin");
  return origin !== undefined && origin === new URL(c.get("services").publicUrl).origin;
}

/** The request carries another site's Origin (a browser that sends none is judged by its token alone). */
export function isForeignOrigin(c: Context<AppEnv>): boolean {
  return c.req.header("origin") !== undefined && !isSameOrigin(c);
}
