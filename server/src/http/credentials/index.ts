import type { Caller, KeyKind } from "./caller.js";
import type { Context } from "hono";
import { authenticateSecretKey } from "./api-key.js";
import { authenticatePublicKey } from "./public-key.js";
import { HeedError } from "../../platform/errors.js";
import { authenticateSession } from "./team-sessions.js";
import type { AppEnv } from "../env.js";
import { sessionToken } from "./session-cookie.js";

/** The refusal of a team route called with no credential at all (the front door gives it too). */
export function missingSecretKey(): HeedError {
  return new HeedError("missing_credential", "Send a secret API key as `Authorization: Bearer heed_sk_…`, or sign in to the dashboard.");
}

export function bearerToken(header: string): string | null {
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
    // A bearer key wins over a cookie: a script holding a key acts as the key, even in a browser.
    const token = sessionToken(c);
    if (token !== undefined) {
      const session = await refusalOf(authenticateSession(c.get("services").db, token));
      return session instanceof HeedError ? { kind: "anonymous", refusal: session } : { kind: "session", session };
    }
    const refusal = c.req.header("x-service-public-key")
      ? new HeedError("wrong_credential_kind", "This route takes a secret API key as `Authorization: Bearer heed_sk_…`, not a public key.")
      : missingSecretKey();
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
  // A bearer token never travels to a customer-facing route: that would be a secret key in a browser.
  if (c.req.header("authorization")) {
    return {
      kind: "anonymous",
      refusal: new HeedError("wrong_credential_kind", "Customer-facing routes take the public key as `x-service-public-key`, never a bearer token."),
    };
  }
  const publicKey = c.req.header("x-service-public-key");
  if (!publicKey)
    return { kind: "anonymous", refusal: new HeedError("missing_credential", "Send the workspace's public key as `x-service-public-key: heed_pk_…`.") };
  const workspace = await refusalOf(authenticatePublicKey(c.get("services").db, publicKey.trim()));
  return workspace instanceof HeedError ? { kind: "anonymous", refusal: workspace } : { kind: "public", workspace };
}

/** The side the request presents a credential for, by its headers and cookie, or null when it carries none. */
export function presentedKeyKind(c: Context<AppEnv>): KeyKind | null {
  if (c.req.header("authorization") !== undefined) return "secret";
  if (c.req.header("x-service-public-key") !== undefined) return "public";
  if (sessionToken(c) !== undefined) return "secret";
  return null;
}

/**
 * The caller as a credential of this kind, identified on first use and kept on `c.var.callers`:
 * the rate limiter asks for the kind the request presents, the route's authentication for the kind
 * the route takes, and the origin check reads the same answer.
 */
export async function callerOf(c: Context<AppEnv>, kind: KeyKind): Promise<Caller> {
  const known = c.get("callers")?.[kind];
  if (known) return known;
  const caller = await (kind === "public" ? identifyPublicCaller(c) : identifySecretCaller(c));
  c.set("callers", { ...c.get("callers"), [kind]: caller });
  return caller;
}
