import type { Context } from "hono";
import { authenticateSecretKey, type AuthenticatedKey } from "../core/api-keys/authenticate.js";
import { HeedError } from "../core/errors.js";
import type { AppEnv } from "./env.js";

/**
 * Who is calling, decided once per request and without throwing: the rate limiter needs the
 * answer before the route runs (a valid key has its own bucket; anyone else counts against their
 * IP, bad keys included), and the auth middleware then refuses with the stored reason.
 */
export type Caller = { kind: "secret"; key: AuthenticatedKey } | { kind: "anonymous"; refusal: HeedError };

function bearerToken(header: string): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

export async function identifyCaller(c: Context<AppEnv>): Promise<Caller> {
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
    return { kind: "anonymous", refusal: new HeedError("wrong_credential_kind", "A public key opens only the customer-facing routes; use a secret API key here.") };
  }
  try {
    return { kind: "secret", key: await authenticateSecretKey(c.get("services").db, token) };
  } catch (error) {
    if (error instanceof HeedError) return { kind: "anonymous", refusal: error };
    throw error;
  }
}
