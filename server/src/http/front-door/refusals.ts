import type { IncomingMessage, ServerResponse } from "node:http";
import { authenticateSecretKey, refusalWithoutLookup } from "../credentials/api-key.js";
import { LRUCache } from "lru-cache";
import { processCache } from "../../platform/cache/registry.js";
import { HeedError } from "../../platform/errors.js";
import { bearerToken, missingSecretKey } from "../credentials/index.js";
import type { Operation } from "../define-operation.js";
import { problemBody } from "../problem.js";
import { rateBucketOf, rateLimitHeaders } from "../rate-limit.js";
import { clientAddressOfRequest, type FrontDoorDeps, requestIdOfRequest, writeAnswer } from "./deps.js";

// A flood of requests without a key, or with a made-up one, must cost little: a team route's 401
// is given at the door when the request names no credential at all, or a well-formed key that is
// unknown, revoked or expired. Counted against the caller's address as the app counts it.

type Matcher = (method: string, path: string) => boolean;

const teamRoutes = processCache("teamRoutes", () => new WeakMap<Operation[], LRUCache<string, boolean>>());

/**
 * Is this method and path one of the team's routes (a secret key or a session), and only that?
 * Answers are remembered per path: a flood repeats its paths, and ninety patterns are a lot to try.
 */
export function teamRouteMatcher(operations: Operation[]): Matcher {
  const byMethod = new Map<string, { pattern: RegExp; team: boolean }[]>();
  for (const o of operations) {
    const method = o.route.method.toUpperCase();
    const routes = byMethod.get(method) ?? [];
    routes.push({ pattern: new RegExp(`^/v1${o.route.path.replace(/\{[^}]+\}/g, "[^/]+")}$`), team: o.credential.kind === "secret" });
    byMethod.set(method, routes);
  }
  let known = teamRoutes.get(operations);
  if (!known) {
    known = new LRUCache<string, boolean>({ max: 10_000 });
    teamRoutes.set(operations, known);
  }
  return (method, path) => {
    const key = `${method} ${path}`;
    let team = known.get(key);
    if (team === undefined) {
      const matching = (byMethod.get(method) ?? []).filter((r) => r.pattern.test(path));
      team = matching.length > 0 && matching.every((r) => r.team);
      known.set(key, team);
    }
    return team;
  };
}

// The same refusal every time: building an Error (and its stack) per refused request cost more
// than the rest of the refusal.
const MISSING = missingSecretKey();

/** The refusal the app would give this request, when the door can tell it for sure; else undefined. */
async function refusalOf(deps: FrontDoorDeps, req: IncomingMessage): Promise<HeedError | undefined> {
  const h = req.headers;
  if (h.cookie !== undefined || h["x-service-public-key"] !== undefined) return undefined;
  if (h.authorization === undefined) return MISSING;
  const token = bearerToken(h.authorization);
  if (!token || token.startsWith("heed_pk_")) return undefined;
  const known = refusalWithoutLookup(deps.services.db, token);
  if (known) return known;
  try {
    await authenticateSecretKey(deps.services.db, token);
    return undefined;
  } catch (error) {
    return error instanceof HeedError && error.code === "invalid_credential" ? error : undefined;
  }
}

/** Refuses the request at the door; false when the app must answer it (a valid key, a 429, a doubt). */
export async function refuseAtFrontDoor(deps: FrontDoorDeps, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const refusal = await refusalOf(deps, req);
  if (!refusal) return false;
  // Nobody the app would know: counted against the address, as the app's middleware counts it.
  const { bucket, limit, policy } = rateBucketOf(undefined, clientAddressOfRequest(deps, req), deps.rateLimit.defaultLimit);
  const decision = await deps.rateLimiter.consume(bucket, limit);
  if (!decision.allowed) return false;
  const requestId = requestIdOfRequest(req);
  const body = Buffer.from(JSON.stringify(problemBody(refusal, requestId)));
  const headers = { "content-type": "application/problem+json", ...rateLimitHeaders(decision, policy, deps.rateLimiter.windowSeconds) };
  writeAnswer(deps, req, res, refusal.status, headers, body, requestId);
  return true;
}
