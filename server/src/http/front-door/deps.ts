import type { IncomingMessage, ServerResponse } from "node:http";
import type { Services } from "../../platform/context.js";
import type { RateLimiter } from "../../platform/ratelimit/limiter.js";
import type { Operation } from "../define-operation.js";
import type { MetricsAnswer } from "../metrics/endpoint.js";
import type { RequestSpans } from "../request-spans.js";
import { clientAddressOf, type RateLimitOptions } from "../rate-limit.js";
import { requestIdOf } from "../request-id.js";
import { everyAnswerHeaders } from "../security-headers.js";

/** What the front door needs of the server it stands before: the same limiter and settings as the app's. */
export interface FrontDoorDeps {
  services: Services;
  rateLimiter: RateLimiter;
  rateLimit: RateLimitOptions;
  /** The app's operations, so the door knows which paths are team routes. */
  operations: Operation[];
  /**
   * With metrics on (METRICS_TOKEN or METRICS_PORT): every request is timed (http/metrics/requests.ts),
   * and with `answer`, GET /metrics is answered here (the token on the main port).
   */
  metrics?: { answer?: (req: IncomingMessage, requestId: string) => Promise<MetricsAnswer> };
  /** With traces on (OTEL_EXPORTER_OTLP_ENDPOINT): every request is a span. */
  traces?: RequestSpans | undefined;
}

/** The client's address as the app's rate limiter sees it. */
export function clientAddressOfRequest(deps: FrontDoorDeps, req: IncomingMessage): string {
  const forwarded = req.headers["x-forwarded-for"];
  return clientAddressOf(typeof forwarded === "string" ? forwarded : undefined, req.socket.remoteAddress, deps.rateLimit.trustProxyHops);
}

/** The request's id as the app gives it: the caller's X-Request-Id when well formed, else a new one. */
export function requestIdOfRequest(req: IncomingMessage): string {
  const sent = req.headers["x-request-id"];
  return requestIdOf(typeof sent === "string" ? sent : undefined);
}

/** Writes a whole answer with the request id and the security headers every answer carries (request-id.ts, security-headers.ts). */
export function writeAnswer(
  deps: FrontDoorDeps,
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: Buffer | null,
  requestId = requestIdOfRequest(req),
): void {
  res.writeHead(status, {
    ...everyAnswerHeaders(deps.services.publicUrl),
    ...headers,
    ...(body ? { "content-length": String(body.byteLength) } : {}),
    "x-request-id": requestId,
  });
  res.end(body ?? undefined);
}
