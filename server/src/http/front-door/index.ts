import { createServer, type RequestListener } from "node:http";
import type { FrontDoorDeps } from "./deps.js";
import { answerHealth } from "./health.js";
import { onAnswerKept } from "../answers.js";
import { answerKept, keepAtFrontDoor, keptCredential, keptEntry } from "./kept-answers.js";
import { refuseAtFrontDoor, teamRouteMatcher } from "./refusals.js";

export type { FrontDoorDeps } from "./deps.js";

// The front door: a node:http listener before the app for the requests that are many and simple
// (liveness probes, repeated reads of kept answers, requests without a valid key), answered with
// exactly what the app would answer. Anything it cannot answer for sure goes to the app.

/** `createServer` for @hono/node-server's serve(): the front door, then the app. */
export function withFrontDoor(deps: FrontDoorDeps): typeof createServer {
  const isTeamRoute = teamRouteMatcher(deps.operations);
  onAnswerKept(keepAtFrontDoor);
  return ((options: object, app: RequestListener) =>
    createServer(options, (req, res) => {
      const toApp = () => app(req, res);
      const method = req.method ?? "";
      const path = req.url?.split("?", 1)[0] ?? "";
      if (path === "/health" && method === "GET") {
        answerHealth(deps, req, res).catch(toApp);
        return;
      }
      const credential = keptCredential(req);
      const entry = credential && keptEntry(deps, req, credential);
      if (credential && entry) {
        answerKept(deps, req, res, credential, entry).then((answered) => answered || toApp(), toApp);
        return;
      }
      const bodiless = req.headers["content-length"] === undefined && req.headers["transfer-encoding"] === undefined;
      if (bodiless && path.startsWith("/v1/") && isTeamRoute(method, path)) {
        refuseAtFrontDoor(deps, req, res).then((refused) => refused || toApp(), toApp);
        return;
      }
      toApp();
    })) as typeof createServer;
}
