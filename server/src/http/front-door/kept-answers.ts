import type { IncomingMessage, ServerResponse } from "node:http";
import type { Context } from "hono";
import { LRUCache } from "lru-cache";
import { authenticateKeyHash } from "../credentials/api-key.js";
import { isCustomerCtx } from "../credentials/customer-context.js";
import { authenticatePublicKey } from "../credentials/public-key.js";
import { perDatabaseCache } from "../../platform/cache/registry.js";
import { isWellFormedKey, sha256Hex } from "../../platform/lib/secret-keys.js";
import { type Kept, keptAnswer, representation } from "../answers.js";
import { bearerToken } from "../credentials/index.js";
import type { AppEnv } from "../env.js";
import type { Caller } from "../credentials/caller.js";
import { keptHitAtDoor } from "../metrics/outcomes.js";
import { type RateBucket, rateBucketOf, rateLimitHeaders } from "../rate-limit.js";
import { clientAddressOfRequest, type FrontDoorDeps, writeAnswer } from "./deps.js";

// A GET that the app answered from a kept answer (answers.ts), asked again with the same
// credential and URL, is answered at the door, before Hono's routing, validation and middleware.
// It is still exact and still checked: the credential is authenticated as the app does (kept keys,
// checked against the workspace version), the kept answer must carry that same version, and the
// request is counted in the same rate-limit bucket and gets the same headers.

interface FrontEntry {
  workspaceId: string;
  /** The answer's key in answers.ts's cache, which alone holds (and bounds) the bodies. */
  keptKey: string;
}

const entries = perDatabaseCache("frontDoorEntries", () => new LRUCache<string, FrontEntry>({ max: 20_000 }));

/**
 * A request's credential as the door keys it: a secret key by its SHA-256 (the hash the key is
 * stored and authenticated by, made once per request, and no key a heap dump could leak), the
 * public key as it is (it ships in web pages).
 */
export type Credential = { kind: "secret"; hash: string } | { kind: "public"; key: string };

function frontKey(credential: Credential, url: string): string {
  return credential.kind === "secret" ? `sk ${credential.hash} ${url}` : `pk ${credential.key} ${url}`;
}

/** The credential of a GET the door may answer from a kept answer, or undefined. */
export function keptCredential(req: IncomingMessage): Credential | undefined {
  const h = req.headers;
  if (req.method !== "GET" || h.origin !== undefined || h["x-service-user-token"] !== undefined) return undefined;
  if (h["content-length"] !== undefined || h["transfer-encoding"] !== undefined) return undefined;
  const authorization = h.authorization;
  const publicKey = h["x-service-public-key"];
  if (authorization !== undefined) {
    const token = publicKey === undefined ? bearerToken(authorization) : null;
    return token && isWellFormedKey("sk", token) ? { kind: "secret", hash: sha256Hex(token) } : undefined;
  }
  return typeof publicKey === "string" ? { kind: "public", key: publicKey.trim() } : undefined;
}

/** Listens to answers.ts (onAnswerKept) for every kept answer the app gives: the next identical request may come in here. */
export function keepAtFrontDoor(c: Context<AppEnv>, keptKey: string): void {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming?.url) return;
  const credential = keptCredential(incoming);
  const ctx = c.get("ctx");
  // The credential the app authenticated must be the one the door will: a customer-side answer
  // with no viewer for the public key, a key's answer for the bearer token.
  if (!credential || (credential.kind === "public") !== (isCustomerCtx(ctx) && ctx.customer.viewer === null)) return;
  entries(ctx.services.db).set(frontKey(credential, incoming.url), { workspaceId: ctx.workspace.id, keptKey });
}

/** The entry a request would be answered from, if any. */
export function keptEntry(deps: FrontDoorDeps, req: IncomingMessage, credential: Credential): FrontEntry | undefined {
  return req.url ? entries(deps.services.db).get(frontKey(credential, req.url)) : undefined;
}

/** Whom to count the request against, when its credential still opens the entry's workspace at its version. */
async function bucketOf(
  deps: FrontDoorDeps,
  req: IncomingMessage,
  credential: Credential,
  entry: FrontEntry,
): Promise<(RateBucket & { kept: Kept }) | undefined> {
  const { db } = deps.services;
  const caller: Caller | undefined =
    credential.kind === "secret"
      ? await authenticateKeyHash(db, credential.hash, "turn").then(
          (key) => ({ kind: "secret", key }) as const,
          () => undefined,
        )
      : await authenticatePublicKey(db, credential.key, "turn").then(
          (workspace) => ({ kind: "public", workspace }) as const,
          () => undefined,
        );
  const opened =
    caller?.kind === "secret" ? caller.key : caller?.kind === "public" ? { workspace: caller.workspace, version: caller.workspace.version } : undefined;
  const kept = opened && opened.workspace.id === entry.workspaceId ? keptAnswer(db, entry.keptKey, opened.version) : undefined;
  if (!kept) return undefined;
  return { ...rateBucketOf(caller, clientAddressOfRequest(deps, req), deps.rateLimit.defaultLimit), kept };
}

/** Answers the request from its kept answer; false when the app must answer it instead. */
export async function answerKept(deps: FrontDoorDeps, req: IncomingMessage, res: ServerResponse, credential: Credential, entry: FrontEntry): Promise<boolean> {
  const rate = await bucketOf(deps, req, credential, entry);
  if (!rate) return false;
  const decision = await deps.rateLimiter.consume(rate.bucket, rate.limit);
  // Over the limit: the app writes the 429 (its problem document and Retry-After).
  if (!decision.allowed) return false;
  const { status, body, headers } = representation(deps.services.db, entry.keptKey, rate.kept, {
    acceptEncoding: req.headers["accept-encoding"],
    ifNoneMatch: req.headers["if-none-match"],
  });
  // The customer side's answers vary by Origin too (cors.ts), and say so.
  if (credential.kind === "public") headers.vary = headers.vary ? `${headers.vary}, Origin` : "Origin";
  writeAnswer(deps, req, res, status, { ...headers, ...rateLimitHeaders(decision, rate.policy, deps.rateLimiter.windowSeconds) }, body);
  keptHitAtDoor.inc();
  return true;
}
