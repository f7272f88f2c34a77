import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from "node:http";
import type { Context } from "hono";
import { LRUCache } from "lru-cache";
import { authenticateSecretKey } from "../core/api-keys/authenticate.js";
import type { Services } from "../core/context.js";
import { authenticatePublicKey } from "../core/customers/public-key.js";
import { isCustomerCtx } from "../core/customers/context.js";
import { perDatabase } from "../core/freshness/per-database.js";
import type { RateLimiter } from "../ratelimit/limiter.js";
import { representation, type Kept } from "./answers.js";
import type { AppEnv } from "./env.js";
import { clientAddressOf, type RateLimitOptions, rateLimitHeaders, type RatePolicy } from "./rate-limit.js";
import { requestIdOf } from "./request-id.js";

// The front door: a GET that the app answered from a kept answer before (answers.ts), asked again
// with the same credential and URL, is answered here, before Hono's routing, validation and
// middleware. It is still exact and still checked: the credential is authenticated as the app
// would (kept keys, checked against the workspace version), the kept answer must carry that same
// version, the request is counted against the same rate-limit bucket and gets the same headers.
// Anything else (another method, an Origin, an end-user token, a body, a miss) goes to the app.

interface FrontEntry {
  workspaceId: string;
  kept: Kept;
}

const entries = perDatabase(() => new LRUCache<string, FrontEntry>({ max: 20_000 }));

/** The credential is hashed: the table of entries holds no key a heap dump could leak. */
function frontKey(credential: string, url: string): string {
  return `${createHash("sha256").update(credential).digest("base64url")} ${url}`;
}

/** The credential header of a request the front door may answer, or undefined. */
function eligible(req: IncomingMessage): { kind: "secret" | "public"; value: string } | undefined {
  const h = req.headers;
  if (req.method !== "GET" || h.origin !== undefined || h["x-service-user-token"] !== undefined) return undefined;
  if (h["content-length"] !== undefined || h["transfer-encoding"] !== undefined) return undefined;
  const authorization = h.authorization;
  const publicKey = h["x-service-public-key"];
  if (authorization !== undefined) return publicKey === undefined ? { kind: "secret", value: authorization } : undefined;
  return typeof publicKey === "string" ? { kind: "public", value: publicKey } : undefined;
}

/** Called by answers.ts with every kept answer the app gives: the next identical request may come in here. */
export function keepAtFrontDoor(c: Context<AppEnv>, kept: Kept): void {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming?.url) return;
  const credential = eligible(incoming);
  const ctx = c.get("ctx");
  // The credential the app authenticated must be the one the front door will: a customer-side
  // answer with no viewer for the public key, a key's answer for the bearer token.
  if (!credential || (credential.kind === "public") !== (isCustomerCtx(ctx) && ctx.customer.viewer === null)) return;
  entries(ctx.services.db).set(frontKey(credential.value, incoming.url), { workspaceId: ctx.workspace.id, kept });
}

interface Deps {
  services: Services;
  rateLimiter: RateLimiter;
  rateLimit: RateLimitOptions;
}

/** Whom to count the request against, when its credential still opens the entry's workspace at its version. */
async function bucketOf(
  deps: Deps,
  req: IncomingMessage,
  credential: { kind: "secret" | "public"; value: string },
  entry: FrontEntry,
): Promise<{ bucket: string; limit: number; policy: RatePolicy } | undefined> {
  const { db } = deps.services;
  if (credential.kind === "secret") {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(credential.value)?.[1];
    const key = token ? await authenticateSecretKey(db, token).catch(() => undefined) : undefined;
    if (!key || key.workspace.id !== entry.workspaceId || key.version !== entry.kept.version) return undefined;
    return { bucket: `key:${key.keyId}`, limit: key.rateLimitPerMinute ?? deps.rateLimit.defaultLimit, policy: "key" };
  }
  const workspace = await authenticatePublicKey(db, credential.value.trim()).catch(() => undefined);
  if (!workspace || workspace.id !== entry.workspaceId || workspace.version !== entry.kept.version) return undefined;
  const forwarded = req.headers["x-forwarded-for"];
  const address = clientAddressOf(typeof forwarded === "string" ? forwarded : undefined, req.socket.remoteAddress, deps.rateLimit.trustProxyHops);
  return { bucket: `pk:${workspace.id}:${address}`, limit: workspace.rateLimitPerMinute ?? deps.rateLimit.defaultLimit, policy: "public" };
}

/** Answers the request from its kept answer; false when the app must answer it instead. */
async function answerAtFrontDoor(
  deps: Deps,
  req: IncomingMessage,
  res: ServerResponse,
  credential: NonNullable<ReturnType<typeof eligible>>,
  entry: FrontEntry,
) {
  const rate = await bucketOf(deps, req, credential, entry);
  if (!rate) return false;
  const decision = await deps.rateLimiter.consume(rate.bucket, rate.limit);
  // Over the limit: the app writes the 429 (its problem document and Retry-After).
  if (!decision.allowed) return false;
  const ifNoneMatch = req.headers["if-none-match"];
  const { status, body, headers } = representation(entry.kept, { acceptEncoding: req.headers["accept-encoding"], ifNoneMatch });
  // The customer side's answers vary by Origin too (cors.ts), and say so.
  if (credential.kind === "public") headers.vary = headers.vary ? `${headers.vary}, Origin` : "Origin";
  const requestId = req.headers["x-request-id"];
  res.writeHead(status, {
    ...headers,
    ...(body ? { "content-length": String(body.byteLength) } : {}),
    "x-request-id": requestIdOf(typeof requestId === "string" ? requestId : undefined),
    ...rateLimitHeaders(decision, rate.policy, deps.rateLimiter.windowSeconds),
  });
  res.end(body ?? undefined);
  return true;
}

/** `createServer` for @hono/node-server's serve(): the front door, then the app. */
export function withFrontDoor(deps: Deps): typeof createServer {
  return ((options: object, app: RequestListener) =>
    createServer(options, (req, res) => {
      const credential = eligible(req);
      const entry = credential && req.url ? entries(deps.services.db).get(frontKey(credential.value, req.url)) : undefined;
      if (!credential || !entry) return app(req, res);
      answerAtFrontDoor(deps, req, res, credential, entry).then(
        (answered) => answered || app(req, res),
        () => app(req, res),
      );
    })) as typeof createServer;
}
