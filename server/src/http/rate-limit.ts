import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import { HeedError } from "../platform/errors.js";
import type { RateLimiter } from "../platform/ratelimit/limiter.js";
import type { Decision } from "../platform/ratelimit/decision.js";
import type { Caller } from "./credentials/caller.js";
import { callerOf, presentedKeyKind } from "./credentials/index.js";
import type { AppEnv } from "./env.js";
import { problemResponse } from "./problem.js";
import { refused } from "./metrics/outcomes.js";
import { stampHeaders } from "./stamp.js";

export interface RateLimitOptions {
  /** Requests per window per bucket when neither the key nor its workspace sets one. */
  defaultLimit: number;
  /** How many proxies in front of Heed to trust for X-Forwarded-For (0: ignore the header). */
  trustProxyHops: number;
}

// Liveness and readiness probes report the caller's state but are not counted: a load balancer's
// probes must not eat the quota of the clients behind the same address.
const UNCOUNTED = new Set(["/health", "/ready"]);

/** The client's address from the X-Forwarded-For a trusted proxy wrote, else the socket's. */
export function clientAddressOf(forwardedFor: string | undefined, socketAddress: string | undefined, trustProxyHops: number): string {
  if (trustProxyHops > 0) {
    const hops = (forwardedFor ?? "")
      .split(",")
      .map((h) => h.trim())
      .filter(Boolean);
    if (hops.length >= trustProxyHops) return hops[hops.length - trustProxyHops]!;
  }
  return socketAddress ?? "unknown";
}

/** The client's address: the socket's, or the one the outermost trusted proxy saw. */
function clientAddress(c: Context<AppEnv>, trustProxyHops: number): string {
  let socketAddress: string | undefined;
  try {
    socketAddress = getConnInfo(c).remote.address;
  } catch {
    // Not served by @hono/node-server (app.request in-process): no socket to ask.
  }
  return clientAddressOf(c.req.header("x-forwarded-for"), socketAddress, trustProxyHops);
}

export type RatePolicy = "key" | "session" | "public" | "ip";

/** The rate-limit headers of one decision (the front door writes the same ones, front-door.ts). */
export function rateLimitHeaders(decision: Decision, policy: RatePolicy, windowSeconds: number): Record<string, string> {
  const resetSeconds = Math.ceil(decision.resetMs / 1000);
  return {
    "x-ratelimit-limit": String(decision.limit),
    "x-ratelimit-remaining": String(decision.remaining),
    "x-ratelimit-reset": String(Math.ceil((Date.now() + decision.resetMs) / 1000)),
    "ratelimit-policy": `"${policy}";q=${decision.limit};w=${windowSeconds}`,
    ratelimit: `"${policy}";r=${decision.remaining};t=${resetSeconds}`,
  };
}

export interface RateBucket {
  bucket: string;
  limit: number;
  policy: RatePolicy;
}

/**
 * Whom a request counts against, from who is calling: the app's middleware and the front door
 * both ask here, so a request is counted the same whichever answers it.
 */
export function rateBucketOf(caller: Caller | undefined, clientAddress: string, defaultLimit: number): RateBucket {
  switch (caller?.kind) {
    case "secret":
      return { bucket: `key:${caller.key.keyId}`, limit: caller.key.rateLimitPerMinute ?? defaultLimit, policy: "key" };
    case "session":
      // A person's sessions (several tabs and devices) share one bucket.
      return { bucket: `account:${caller.session.accountId}`, limit: defaultLimit, policy: "session" };
    case "public":
      // Browsers of many end users share one public key: each client address has its own bucket.
      return { bucket: `pk:${caller.workspace.id}:${clientAddress}`, limit: caller.workspace.rateLimitPerMinute ?? defaultLimit, policy: "public" };
    default:
      return { bucket: `ip:${clientAddress}`, limit: defaultLimit, policy: "ip" };
  }
}

/**
 * Every response of the API host carries the rate-limit headers: x-ratelimit-limit, -remaining,
 * -reset (Unix seconds) and the IETF RateLimit-Policy / RateLimit pair, all from one decision.
 * Over the limit: 429 with a truthful retry-after (the window's end, in whole seconds, rounded up).
 */
export function rateLimit(limiter: RateLimiter, options: RateLimitOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // The bucket follows the key the request presents; the route then checks it is the kind it takes.
    const kind = c.req.path.startsWith("/v1/") ? presentedKeyKind(c) : null;
    const caller = kind ? await callerOf(c, kind) : undefined;
    const address = clientAddress(c, options.trustProxyHops);
    c.set("clientAddress", address);
    const { bucket, limit, policy } = rateBucketOf(caller, address, options.defaultLimit);
    const decision = UNCOUNTED.has(c.req.path) ? await limiter.peek(bucket, limit) : await limiter.consume(bucket, limit);
    const resetSeconds = Math.ceil(decision.resetMs / 1000);
    stampHeaders(c, rateLimitHeaders(decision, policy, limiter.windowSeconds));
    if (!decision.allowed) {
      refused(policy);
      c.header("retry-after", String(Math.max(1, resetSeconds)));
      return problemResponse(
        c,
        new HeedError("rate_limited", `Over ${decision.limit} requests per ${limiter.windowSeconds} s; retry in ${Math.max(1, resetSeconds)} s.`),
      );
    }
    await next();
  };
}
