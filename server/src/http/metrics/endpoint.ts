import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { HeedError } from "../../platform/errors.js";
import { EXPOSITION_TYPE } from "../../platform/metrics/registry.js";
import { bearerToken } from "../credentials/index.js";
import { problemBody } from "../problem.js";
import { requestIdOf } from "../request-id.js";
import { type DoorKind, timeAtDoor } from "./requests.js";

// GET /metrics: the Prometheus text a scrape reads. On the main port (the front door answers it)
// only with METRICS_TOKEN as a bearer token; on METRICS_PORT, a listener of its own that serves
// nothing else (and asks for the token too when one is set). With neither, nothing answers it and
// /metrics is an unknown path like any other.

export interface MetricsEndpoint {
  /** The bearer token a scrape must send; unset, none (METRICS_PORT alone, on an address the operator chose). */
  token?: string;
  /** The exposition: this process's, or with WORKERS the machine's (platform/metrics/cluster.ts); undefined when it could not be gathered. */
  scrape(): Promise<string | undefined>;
}

export interface MetricsAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Compares in constant time: both sides hashed first, so neither the length nor a prefix shows in the timing. */
function tokenCheck(token: string | undefined): (req: IncomingMessage) => boolean {
  if (token === undefined) return () => true;
  const expected = digest(token);
  return (req) => {
    const sent = req.headers.authorization === undefined ? null : bearerToken(req.headers.authorization);
    return sent !== null && timingSafeEqual(digest(sent), expected);
  };
}

function problem(error: HeedError, requestId: string, headers: Record<string, string> = {}): MetricsAnswer {
  return {
    status: error.status,
    headers: { "content-type": "application/problem+json", ...headers },
    body: Buffer.from(JSON.stringify(problemBody(error, requestId))),
  };
}

/** What GET /metrics answers this request: the exposition, or 401 for a missing or wrong token. */
export function metricsAnswerer(endpoint: MetricsEndpoint): (req: IncomingMessage, requestId: string) => Promise<MetricsAnswer> {
  const allowed = tokenCheck(endpoint.token);
  return async (req, requestId) => {
    if (!allowed(req)) {
      const refusal = new HeedError("invalid_credential", "GET /metrics takes the metrics token (METRICS_TOKEN) as a bearer token.");
      return problem(refusal, requestId, { "www-authenticate": 'Bearer realm="metrics"' });
    }
    const text = await endpoint.scrape().catch(() => undefined);
    if (text === undefined) return problem(new HeedError("unavailable", "The metrics could not be gathered; try again."), requestId);
    return { status: 200, headers: { "content-type": EXPOSITION_TYPE, "cache-control": "no-store" }, body: Buffer.from(text) };
  };
}

const KIND: DoorKind = "metrics";

/**
 * METRICS_PORT: a listener that answers GET /metrics and nothing else (404), apart from the API,
 * so the port can stay inside the network Prometheus scrapes from.
 */
export function listenForScrapes(endpoint: MetricsEndpoint, host: string, port: number): Promise<Server> {
  const answer = metricsAnswerer(endpoint);
  const server = createServer((req, res) => {
    const started = performance.now();
    const requestId = requestIdOf(typeof req.headers["x-request-id"] === "string" ? req.headers["x-request-id"] : undefined);
    const path = req.url?.split("?", 1)[0];
    const answered =
      req.method === "GET" && path === "/metrics"
        ? answer(req, requestId)
        : Promise.resolve(problem(new HeedError("not_found", `No route ${req.method} ${path}; this port serves GET /metrics.`), requestId));
    void answered.then(({ status, headers, body }) => {
      res.writeHead(status, { ...headers, "content-length": String(body.byteLength), "x-request-id": requestId });
      res.end(body);
      timeAtDoor(KIND, req, res, started);
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve(server);
    });
  });
}
