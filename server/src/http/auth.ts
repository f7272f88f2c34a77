import type { MiddlewareHandler } from "hono";
import { authenticateSecretKey } from "../core/api-keys/authenticate.js";
import { HeedError } from "../core/errors.js";
import type { AppEnv } from "./env.js";

// Three credentials, never interchangeable. Which one a route takes follows from its path alone:
// the customer-facing routes take the public key, every other /v1 route a secret key (or, later, a
// dashboard session). A credential of the other kind is a 401, never a silent downgrade.
const CUSTOMER_FACING = /^\/v1\/(identify|track|portal)(\/|$)/;

export function isCustomerFacing(path: string): boolean {
  return CUSTOMER_FACING.test(path);
}

function bearerToken(header: string): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/** Authenticates a dashboard-equivalent route and leaves the verb context on `c.var.ctx`. */
export const authenticateSecret: MiddlewareHandler<AppEnv> = async (c, next) => {
  const authorization = c.req.header("authorization");
  if (!authorization) {
    if (c.req.header("x-service-public-key")) {
      throw new HeedError("wrong_credential_kind", "This route takes a secret API key as `Authorization: Bearer heed_sk_…`, not a public key.");
    }
    throw new HeedError("missing_credential", "Send a secret API key as `Authorization: Bearer heed_sk_…`.");
  }
  const token = bearerToken(authorization);
  if (!token) throw new HeedError("invalid_credential", "The Authorization header must be `Bearer <API key>`.");
  if (token.startsWith("heed_pk_")) {
    throw new HeedError("wrong_credential_kind", "A public key opens only the customer-facing routes; use a secret API key here.");
  }
  const services = c.get("services");
  const key = await authenticateSecretKey(services.db, token);
  c.set("ctx", {
    services,
    workspace: key.workspace,
    actor: { type: "api_key", id: key.keyId, scopes: key.scopes },
    requestId: c.get("requestId"),
  });
  await next();
};
