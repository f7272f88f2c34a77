import type { Context, MiddlewareHandler } from "hono";
import { anyWorkspaceAllowsOrigin, workspaceAllowsOrigin } from "./cors-origins.js";
import { HeedError } from "../platform/errors.js";
import { callerOf } from "./credentials/index.js";
import type { AppEnv } from "./env.js";
import { problemResponse } from "./problem.js";

// CORS, only for the customer-facing routes: a secret key must never be usable from a browser, so
// the dashboard-equivalent routes answer no preflight. Credentials travel in headers, never in
// cookies: no response allows credentials, so browsers send no cookie cross-site.

const ALLOWED_HEADERS = "content-type, idempotency-key, if-none-match, x-service-public-key, x-service-user-token";
const EXPOSED_HEADERS = [
  "x-ratelimit-limit",
  "x-ratelimit-remaining",
  "x-ratelimit-reset",
  "ratelimit",
  "ratelimit-policy",
  "retry-after",
  "idempotent-replayed",
  "x-request-id",
  "etag",
].join(", ");
const PREFLIGHT_MAX_AGE_SECONDS = 600;

function ownOrigin(c: Context<AppEnv>): string {
  return new URL(c.get("services").publicUrl).origin;
}

/**
 * May this origin read the answer to this request? The portal served by Heed itself always may;
 * another origin when the caller's workspace lists it. Decided once per request.
 */
export async function originMayRead(c: Context<AppEnv>, origin: string): Promise<boolean> {
  const known = c.get("originAllowed");
  if (known !== undefined) return known;
  const caller = await callerOf(c, "public");
  const allowed = origin === ownOrigin(c) || (caller.kind === "public" && (await workspaceAllowsOrigin(c.get("services").db, caller.workspace.id, origin)));
  c.set("originAllowed", allowed);
  return allowed;
}

/**
 * Wraps every request: adds the CORS headers to customer-facing answers an allowed origin may read.
 * `isCustomerPath` says which paths those are, from the routes' own `security`.
 */
export const cors =
  (isCustomerPath: (path: string) => boolean): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    await next();
    const origin = c.req.header("origin");
    if (!isCustomerPath(c.req.path)) return;
    c.res.headers.append("vary", "Origin");
    if (origin === undefined || c.res.headers.has("access-control-allow-origin")) return;
    if (await originMayRead(c, origin)) {
      c.res.headers.set("access-control-allow-origin", origin);
      c.res.headers.set("access-control-expose-headers", EXPOSED_HEADERS);
    }
  };

/**
 * Answers a preflight. It carries no public key, so it is allowed when any workspace allows the
 * origin; the request that follows is refused unless its own workspace does (auth.ts).
 */
export const preflight =
  (isCustomerPath: (path: string) => boolean): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    // A secret-key route is never called from a browser, so it answers no preflight: no credential
    // travels with one, and none of the routes of its path takes a request without a key.
    if (!isCustomerPath(c.req.path))
      return problemResponse(c, new HeedError("missing_credential", "Secret-key routes answer no preflight: send the key from a server."));
    const origin = c.req.header("origin");
    const method = c.req.header("access-control-request-method");
    if (origin === undefined || method === undefined) return next();
    const allowed = origin === ownOrigin(c) || (await anyWorkspaceAllowsOrigin(c.get("services").db, origin));
    if (!allowed) {
      return problemResponse(c, new HeedError("origin_not_allowed", `No workspace allows the origin ${origin.slice(0, 200)}.`));
    }
    c.header("access-control-allow-origin", origin);
    c.header("access-control-allow-methods", "GET, POST, DELETE");
    c.header("access-control-allow-headers", ALLOWED_HEADERS);
    c.header("access-control-max-age", String(PREFLIGHT_MAX_AGE_SECONDS));
    c.header("vary", "Access-Control-Request-Method, Access-Control-Request-Headers", { append: true });
    return c.body(null, 204);
  };
