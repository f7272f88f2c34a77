import type { Ctx, Services } from "../platform/context.js";
import type { AccountCtx } from "./credentials/account-context.js";
import type { RateLimiter } from "../platform/ratelimit/limiter.js";
import type { Caller, KeyKind } from "./credentials/caller.js";

/** What middleware leaves on the Hono context for the next layer. */
export interface AppEnv {
  Variables: {
    requestId: string;
    services: Services;
    /** Set by the auth middleware on every authenticated `/v1` request. */
    ctx: Ctx;
    /** Set by the auth middleware on routes about the signed-in person's own account. */
    account?: AccountCtx;
    /** Who is calling, per kind of key asked about (credentials.ts); unset outside /v1. */
    callers?: Partial<Record<KeyKind, Caller>>;
    /** The client's address as the rate limiter saw it (behind trusted proxies: theirs). */
    clientAddress?: string;
    /** Counts sign-in attempts per account and per address (15-minute windows). */
    signInLimiter: RateLimiter;
    /** The workspace's version when the request's credential was checked (platform/changes/version.ts). */
    version?: number;
    /** Whether the request's Origin may read the answer (CORS), once it was decided. */
    originAllowed?: boolean;
  };
}
