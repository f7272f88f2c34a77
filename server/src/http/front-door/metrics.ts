import type { IncomingMessage, ServerResponse } from "node:http";
import type { MetricsAnswer } from "../metrics/endpoint.js";
import { type FrontDoorDeps, requestIdOfRequest, writeAnswer } from "./deps.js";

/** GET /metrics on the main port (METRICS_TOKEN without METRICS_PORT): answered at the door, with every answer's headers. */
export async function answerMetrics(
  deps: FrontDoorDeps,
  answer: (req: IncomingMessage, requestId: string) => Promise<MetricsAnswer>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<true> {
  const requestId = requestIdOfRequest(req);
  const { status, headers, body } = await answer(req, requestId);
  writeAnswer(deps, req, res, status, headers, body, requestId);
  return true;
}
