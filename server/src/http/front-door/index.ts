import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from "node:http";
import type { FrontDoorDeps } from "./deps.js";
import { answerHealth } from "./health.js";
import { onAnswerKept } from "../answers.js";
import { answerKept, keepAtFrontDoor, keptCredential, keptEntry } from "./kept-answers.js";
import { answerKeptPage, keptPageEntry } from "./kept-pages.js";
import { refuseAtFrontDoor, teamRouteMatcher } from "./refusals.js";
import { type InFlight, inFlightRequests } from "../in-flight.js";
import { type DoorKind, timeAtApp, timeAtDoor } from "../metrics/requests.js";
import { answerMetrics } from "./metrics.js";

export type { FrontDoorDeps } from "./deps.js";

// The front door: a node:http listener before the app for the requests that are many and simple
// (liveness probes, repeated reads of kept answers and of the portal's kept pages, requests without a valid key), answered with
// exactly what the app would answer. Anything it cannot answer for sure goes to the app.

/**
 * `createServer` for @hono/node-server's serve(): the front door, then the app. Every request's work,
 * the door's and the app's handler, is counted in `inFlight` until it is done; with metrics on, it
 * is timed too, under what answered it (http/metrics/requests.ts), and with traces on it is a span
 * (http/request-spans.ts), ended at the same point. With both off, a request pays one check.
 */
export function withFrontDoor(deps: FrontDoorDeps, inFlight: InFlight = inFlightRequests()): typeof createServer {
  const isTeamRoute = teamRouteMatcher(deps.operations);
  onAnswerKept(keepAtFrontDoor);
  const timed = deps.metrics !== undefined;
  const spans = deps.traces;
  const observed = timed || spans !== undefined;
  const metricsAnswer = deps.metrics?.answer;
  return ((options: object, app: RequestListener) => {
    /** Answers `req`; `done`, when given, is called once the answer is written, with what answered if the door did. */
    const answer = (req: IncomingMessage, res: ServerResponse, done?: (door?: DoorKind) => void) => {
      // @hono/node-server's listener answers with a promise that settles when the handler is done.
      const toApp = done ? () => (app(req, res) as unknown as Promise<void>).finally(() => done()) : () => app(req, res) as unknown as Promise<void>;
      // What answers, should the door: set before each of its answers is tried.
      let kind: DoorKind = "front-door:health";
      const orApp = (answered: boolean) => {
        if (!answered) return toApp();
        done?.(kind);
      };
      const method = req.method ?? "";
      const path = req.url?.split("?", 1)[0] ?? "";
      if (path === "/health" && method === "GET") {
        inFlight.counting(answerHealth(deps, req, res).then(orApp, toApp));
        return;
      }
      if (metricsAnswer && path === "/metrics" && method === "GET") {
        kind = "metrics";
        inFlight.counting(answerMetrics(deps, metricsAnswer, req, res).then(orApp, toApp));
        return;
      }
      const credential = keptCredential(req);
      const entry = credential && keptEntry(deps, req, credential);
      if (credential && entry) {
        kind = "front-door:kept";
        inFlight.counting(answerKept(deps, req, res, credential, entry).then(orApp, toApp));
        return;
      }
      const page = path.startsWith("/p/") ? keptPageEntry(deps, req) : undefined;
      if (page) {
        kind = "front-door:kept-page";
        inFlight.counting(answerKeptPage(deps, req, res, page).then(orApp, toApp));
        return;
      }
      const bodiless = req.headers["content-length"] === undefined && req.headers["transfer-encoding"] === undefined;
      if (bodiless && path.startsWith("/v1/") && isTeamRoute(method, path)) {
        kind = "front-door:refusal";
        inFlight.counting(refuseAtFrontDoor(deps, req, res).then(orApp, toApp));
        return;
      }
      inFlight.counting(toApp());
    };
    return createServer(options, (req, res) => {
      if (!observed) return answer(req, res);
      const started = performance.now();
      const span = spans?.start(req);
      const done = (door?: DoorKind) => {
        if (timed) door ? timeAtDoor(door, req, res, started) : timeAtApp(req, res, started);
        if (span) spans!.end(span, req, res, door);
      };
      if (span) spans!.within(span, () => answer(req, res, done));
      else answer(req, res, done);
    });
  }) as typeof createServer;
}
