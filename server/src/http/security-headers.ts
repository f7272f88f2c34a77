import type { MiddlewareHandler } from "hono";
import type { Services } from "../platform/context.js";
import type { AppEnv } from "./env.js";
import { stampHeaders } from "./stamp.js";

// The headers that keep a browser from misusing an answer, on every answer of this host, whoever
// writes it (the app, or the front door before it: front-door/deps.ts):
// - `X-Content-Type-Options: nosniff` everywhere, so nothing is ever read as another type;
// - `Strict-Transport-Security` when PUBLIC_URL is https: a browser that reached Heed over https
//   once never tries plain http again (never on http, which would lock a plain-http install out);
// - on every HTML page, who may frame it: nobody (`frame-ancestors 'none'` and, for browsers older
//   than CSP 2, `X-Frame-Options: DENY`), except the portal's pages, which the workspace's allowed
//   origins may frame for the widget's panel (features/portal/web/http.ts). Each surface says so itself
//   (docs.ts, dashboard.ts, the portal); a page that forgets is given `'none'` here.

export const HSTS = "max-age=31536000; includeSubDomains";

/** For a page nobody may frame: its CSP directive, and the older header that says the same. */
export const NOT_FRAMEABLE = "frame-ancestors 'none'";
export const DENY_FRAMING = { "x-frame-options": "DENY" } as const;

const PLAIN = { "x-content-type-options": "nosniff" } as const;
const SECURE = { ...PLAIN, "strict-transport-security": HSTS } as const;

/** The headers of every answer, for a server whose public address is `publicUrl`. */
export function everyAnswerHeaders(publicUrl: string): Readonly<Record<string, string>> {
  return publicUrl.startsWith("https:") ? SECURE : PLAIN;
}

/** The app's middleware: stamped before the handler (cheap, even on /health's path), framing checked after. */
export function securityHeaders(services: Pick<Services, "publicUrl">): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // Read at each request: the public address is settled after the app is made (tests serve it).
    stampHeaders(c, everyAnswerHeaders(services.publicUrl));
    await next();
    // HTML is served outside /v1 only; the API's answers are JSON and keep their fast path.
    if (c.req.path.startsWith("/v1/")) return;
    const headers = c.res.headers;
    if (!headers.get("content-type")?.startsWith("text/html")) return;
    const csp = headers.get("content-security-policy");
    if (!csp?.includes("frame-ancestors")) headers.set("content-security-policy", csp ? `${csp}; ${NOT_FRAMEABLE}` : NOT_FRAMEABLE);
    if (!headers.has("x-frame-options") && headers.get("content-security-policy")!.includes(NOT_FRAMEABLE)) {
      headers.set("x-frame-options", DENY_FRAMING["x-frame-options"]);
    }
  };
}
