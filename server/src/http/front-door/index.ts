import { createServer, type RequestListener } from "node:http";
import type { FrontDoorDeps } from "./deps.js";
import { answerHealth } from "./health.js";
import { onAnswerKept } from "../answers.js";
import { answerKept, keepAtFrontDoor, keptCredential, keptEntry } from "./kept-answers.js";
import { answerKeptPage, keptPageEntry } from "./kept-pages.js";
import { refuseAtFrontDoor, teamRouteMatcher } from "./refusals.js";
import { type InFlight, inFlightRequests } from "../in-flight.js";

export type { FrontDoorDeps } from "./deps.js";

// The front door: a node:http listener before the app for the requests that are many and simple
// (liveness probes, repeated reads of kept answers and of the portal's kept pages, requests without a valid key), answered with
// exactly what the app would answer. Anything it cannot answer for sure goes to the app.

/**
 * `createServer` for @hono/node-server's serve(): the front door, then the app. Every request's work,
 * the door's and the app's handler, is counted in `inFlight` until it is done.
 */
export function withFrontDoor(deps: FrontDoorDeps, inFlight: InFlight = inFlightRequests()): typeof createServer {
  const isTeamRoute = teamRouteMatcher(deps.operations);
  onAnswerKept(keepAtFrontDoor);
  return ((options: object, app: RequestListener) =>
    createServer(options, (req, res) => {
      // @hono/node-server's listener answers with a promise that settles when the handler is done.
      const toApp = () => app(req, res) as unknown as Promise<void>;
      const orApp = (answered: boolean) => (answered ? undefined : toApp());
      const method = req.method ?? "";
      const path = req.url?.split("?", 1)[0] ?? "";
      if (path === "/health" && method === "GET") {
        inFlight.counting(answerHealth(deps, req, res).catch(toApp));
        return;
      }
      const credential = keptCredential(req);
      const entry = credential && keptEntry(deps, req, credential);
      if (credential && entry) {
        inFlight.counting(answerKept(deps, req, res, credential, entry).then(orApp, toApp));
        return;
      }
      const page = path.startsWith("/p/") ? keptPageEntry(deps, req) : undefined;
      if (page) {
        inFlight.counting(answerKeptPage(deps, req, res, page).then(orApp, toApp));
        return;
      }
      const bodiless = req.headers["content-length"] === undefined && req.headers["transfer-encoding"] === undefined;
      if (bodiless && path.startsWith("/v1/") && isTeamRoute(method, path)) {
        inFlight.counting(refuseAtFrontDoor(deps, req, res).then(orApp, toApp));
        return;
      }
      inFlight.counting(toApp());
    })) as typeof createServer;
}
