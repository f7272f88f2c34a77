import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env.js";
import { identifyCaller } from "./credentials.js";

// Three credentials, never interchangeable. Which one a route takes follows from its path alone:
// the customer-facing routes take the public key, every other /v1 route a secret key (or, later, a
// dashboard session). A credential of the other kind is a 401, never a silent downgrade.
const CUSTOMER_FACING = /^\/v1\/(identify|track|portal)(\/|$)/;

export function isCustomerFacing(path: string): boolean {
  return CUSTOMER_FACING.test(path);
}

/** Authenticates a dashboard-equivalent route and leaves the verb context on `c.var.ctx`. */
export const authenticateSecret: MiddlewareHandler<AppEnv> = async (c, next) => {
  // The rate limiter identified the caller already; identify here only when it did not run.
  const caller = c.get("caller") ?? (await identifyCaller(c));
  if (caller.kind !== "secret") throw caller.refusal;
  c.set("ctx", {
    services: c.get("services"),
    workspace: caller.key.workspace,
    actor: { type: "api_key", id: caller.key.keyId, scopes: caller.key.scopes },
    requestId: c.get("requestId"),
  });
  await next();
};
