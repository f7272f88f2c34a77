import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env.js";
import { identifyCaller } from "./credentials.js";

// Three credentials, never interchangeable. Every /v1 route so far takes a secret key; a public key
// or a key of another kind is a 401 with its reason (credentials.ts), never a silent downgrade.

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
