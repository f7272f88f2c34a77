import type { IncomingMessage, ServerResponse } from "node:http";
import { rateLimitHeaders } from "../rate-limit.js";
import { clientAddressOfRequest, type FrontDoorDeps, writeAnswer } from "./deps.js";

const HEALTHY = Buffer.from(JSON.stringify({ status: "ok" }));

/**
 * Liveness (`GET /health`): load balancers ask every instance every few seconds, so it is answered
 * at the door, with the app's headers: the caller's rate-limit state, not counted (rate-limit.ts).
 * Always answered here (true), as the door's other answers say whether they were.
 */
export async function answerHealth(deps: FrontDoorDeps, req: IncomingMessage, res: ServerResponse): Promise<true> {
  const decision = await deps.rateLimiter.peek(`ip:${clientAddressOfRequest(deps, req)}`, deps.rateLimit.defaultLimit);
  writeAnswer(deps, req, res, 200, { "content-type": "application/json", ...rateLimitHeaders(decision, "ip", deps.rateLimiter.windowSeconds) }, HEALTHY);
  return true;
}
