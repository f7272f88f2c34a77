import type { Context } from "hono";
import { authenticateSecretKey, type AuthenticatedKey } from "../core/api-keys/authenticate.js";
import { authenticatePublicKey, type PublicWorkspace } from "../core/customers/public-key.js";
import { HeedError } from "../core/errors.js";
import type { AppEnv } from "./env.js";

/**
 * Who is calling, decided once per request and without throwing: the rate limiter needs the
 * answer before the route runs (a valid key has its own bucket; anyone else counts against their
 * IP, bad keys included), and the auth middleware then refuses with the stored reason.
 */
export type Caller = { kind: "secret"; key: AuthenticatedKey } | { kind: "public"; workspace: PublicWorkspace } | { kind: "anonymous"; refusal: HeedError };

// Three credentials, never interchangeable: the path decides which one a route takes. The
// customer-facing routes take the public key; every other /v1 route a secret key.
const CUSTOMER_PATHS = /^\/v1\/(identify|track|portal)(\/|$)/;

export function isCustomerPath(path: string): boolean {
  return CUSTOMER_PATHS.test(path);
}

function bearerToken(header: string): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

async function refusalOf<T>(attempt: Promise<T>): Promise<T | HeedError> {
  try {
    return await attempt;
  } catch (error) {
    if (error instanceof HeedError) return error;
    throw error;
  }
}

async function identifySecretCaller(c: Context<AppEnv>): Promise<Caller> {
  const authorization = c.req.header("authorization");
  if (!authorization) {
    const refusal = c.req.header("x-service-public-key")
      ? new HeedError("wrong_credential_kind", "This route takes a secret API key as `Authorization: Bearer heed_sk_…`, not a public key.")
      : new HeedError("missing_credential", "Send a secret API key as `Authorization: Bearer heed_sk_…`.");
    return { kind: "anonymous", refusal };
  }
  const token = bearerToken(authorization);
  if (!token) return { kind: "anonymous", refusal: new HeedError("invalid_credential", "The Authorization header must be `Bearer <API key>`.") };
  if (token.startsWith("heed_pk_")) {
    return {
      kind: "anonymous",
      refusal: new HeedError("wrong_credential_kind", "A public key opens only the customer-facing routes; use a secret API key here."),
    };
  }
  const key = await refusalOf(authenticateSecretKey(c.get("services").db, token));
  return key instanceof HeedError ? { kind: "anonymous", refusal: key } : { kind: "secret", key };
}

async function identifyPublicCaller(c: Context<AppEnv>): Promise<Caller> {
  const publicKey = c.req.header("x-service-public-key");
  if (!publicKey) {
    const refusal = c.req.header("authorization")
      ? new HeedError("wrong_credential_kind", "Customer-facing routes take the public key as `x-service-public-key`, never a bearer token.")
      : new HeedError("missing_credential", "Send the workspace's public key as `x-service-public-key: heed_pk_…`.");
    return { kind: "anonymous", refusal };
  }
  const workspace = await refusalOf(authenticatePublicKey(c.get("services").db, publicKey.trim()));
  return workspace instanceof HeedError ? { kind: "anonymous", refusal: workspace } : { kind: "public", workspace };
}

/**
 * The caller of this request, identified on first use and kept on `c.var.caller`: the rate limiter
 * asks first, then authentication and the origin check read the same answer.
 */
export async function callerOf(c: Context<AppEnv>): Promise<Caller> {
  const known = c.get("caller");
  if (known) return known;
  const caller = await (isCustomerPath(c.req.path) ? identifyPublicCaller(c) : identifySecretCaller(c));
  c.set("caller", caller);
  return caller;
}
