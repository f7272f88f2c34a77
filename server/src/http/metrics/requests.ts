import type { IncomingMessage, ServerResponse } from "node:http";
import type { MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { Histogram, type HistogramSeries, register } from "../../platform/metrics/instruments.js";
import { metricsRegistry } from "../../platform/metrics/registry.js";
import type { Operation } from "../define-operation.js";
import type { AppEnv } from "../env.js";

// Every request's duration, from the moment the front door sees it until its answer is written,
// labelled by what answered it, its method and its status class. What answered is a name from a
// small fixed set, never the path: an operation id, or one of the names below, so no id, key or
// email in a URL reaches a label, and the series stay few however many URLs are asked.

/** The requests the front door answers itself (front-door/index.ts), and /metrics. */
export type DoorKind = "front-door:health" | "front-door:kept" | "front-door:kept-page" | "front-door:refusal" | "metrics";

/** What the app answered that is no /v1 operation. */
type AppKind = "portal" | "static" | "health" | "preflight" | "unmatched";

// Buckets for an API whose kept answers take a fraction of a millisecond and whose slowest routes
// (an export's archive, an import's upload) take seconds.
const BOUNDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const durations = new Histogram(
  "heed_http_request_duration_seconds",
  "Time from a request's arrival to its answer, by what answered it (an operation id, portal, static, health, preflight, unmatched, front-door:<kind>, metrics), method and status class.",
  ["operation", "method", "status"],
  BOUNDS,
);
register(metricsRegistry, durations);

/** Methods outside these are one label, so a client cannot make new series by inventing methods. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const CLASSES = ["1xx", "2xx", "3xx", "4xx", "5xx"] as const;

// Series by what answered, then method, then status class: two lookups and an index per request,
// each series made on its first request.
const series = new Map<string, Map<string, (HistogramSeries | undefined)[]>>();

function seriesOf(operation: string, method: string, status: number): HistogramSeries {
  let byMethod = series.get(operation);
  if (!byMethod) {
    byMethod = new Map();
    series.set(operation, byMethod);
  }
  const known = METHODS.has(method) ? method : "OTHER";
  let byClass = byMethod.get(known);
  if (!byClass) {
    byClass = [];
    byMethod.set(known, byClass);
  }
  const index = Math.min(4, Math.max(0, Math.floor(status / 100) - 1));
  let found = byClass[index];
  if (!found) {
    found = durations.series([operation, known, CLASSES[index]!]);
    byClass[index] = found;
  }
  return found;
}

const since = (started: number) => (performance.now() - started) / 1000;

/** Times a request the door answered itself. `started`: performance.now() as it arrived. */
export function timeAtDoor(kind: DoorKind, req: IncomingMessage, res: ServerResponse, started: number): void {
  seriesOf(kind, req.method ?? "", res.statusCode).observe(since(started));
}

/** What answered a request in the app: its name (an operation id, or a kind) and the router's template of its path. */
export interface Answerer {
  name: string;
  /** The route as the router has it (`/v1/posts/:id`), never the path asked; undefined when no route matched. */
  route: string | undefined;
}

const UNMATCHED: Answerer = { name: "unmatched", route: undefined };

// What the app answered each request with, noted by the app's first middleware (answeredBy) for
// the door, which times the request (and ends its span) once the app is done with it.
const answered = new WeakMap<IncomingMessage, Answerer>();

/** What answered `req` in the app, once its handler is done. */
export function answererOf(req: IncomingMessage): Answerer {
  return answered.get(req) ?? UNMATCHED;
}

/** Times a request the app answered, once its handler is done. */
export function timeAtApp(req: IncomingMessage, res: ServerResponse, started: number): void {
  seriesOf(answererOf(req).name, req.method ?? "", res.statusCode).observe(since(started));
}

/** What a matched route is, when it is no operation. */
function kindOf(method: string, path: string): AppKind {
  if (method === "ALL") return "unmatched"; // only middleware matched: the app's not-found answer
  if (path === "/health" || path === "/ready") return "health";
  if (path.startsWith("/p/") && !path.startsWith("/p/_/")) return "portal";
  if (method === "OPTIONS") return "preflight";
  return "static";
}

/**
 * The app's first middleware, with metrics or traces on: notes what answered the request, from the
 * route the router matched (the operation's, even when a middleware refused the request before it ran).
 */
export function answeredBy(operations: Operation[]): MiddlewareHandler<AppEnv> {
  // Route path, then method, to what answered: an operation's from its declaration, the rest as
  // first seen; each made once, so noting one costs no allocation.
  const names = new Map<string, Map<string, Answerer>>();
  const name = (path: string, method: string, value?: string): Answerer => {
    let byMethod = names.get(path);
    if (!byMethod) {
      byMethod = new Map();
      names.set(path, byMethod);
    }
    let found = byMethod.get(method);
    if (found === undefined) {
      const kind = value ?? kindOf(method, path);
      found = kind === "unmatched" ? UNMATCHED : { name: kind, route: path };
      byMethod.set(method, found);
    }
    return found;
  };
  // The router's form of each path, as @hono/zod-openapi registers it: `{id}` becomes `:id`.
  for (const { route } of operations) name(`/v1${route.path.replaceAll(/\/{(.+?)}/g, "/:$1")}`, route.method.toUpperCase(), route.operationId);
  return async (c, next) => {
    await next();
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (!incoming) return;
    const routes = matchedRoutes(c);
    const last = routes[routes.length - 1];
    answered.set(incoming, last ? name(last.path, last.method) : UNMATCHED);
  };
}
