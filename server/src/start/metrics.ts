import type { Server } from "node:http";
import type { Config } from "../config.js";
import type { FrontDoorDeps } from "../http/front-door/index.js";
import { listenForScrapes, type MetricsEndpoint, metricsAnswerer } from "../http/metrics/endpoint.js";
import type { Services } from "../platform/context.js";
import { askPrimary, gatherWorkers, machineMetrics, reportToPrimary } from "../platform/metrics/cluster.js";
import { databaseTimings, type DatabaseTimings } from "../platform/metrics/database.js";
import { reportLockWaits } from "../platform/metrics/locks.js";
import { reportBacklog } from "../platform/metrics/queues.js";
import { collectProcessMetrics, metricsRegistry } from "../platform/metrics/registry.js";
import { log } from "../platform/lib/log.js";
import { FOLLOWERS } from "./followers.js";
import { QUEUES } from "./workers.js";

// What each process reports, with metrics on (METRICS_TOKEN or METRICS_PORT):
// - one process (WORKERS=1) reports everything and answers /metrics itself;
// - with WORKERS, every worker reports its requests, its database timings and its process figures
//   to the primary when asked, and the primary, which runs the background work, adds its own and
//   answers for the machine (platform/metrics/cluster.ts): on METRICS_PORT itself, or through the
//   worker a scrape on the main port reached.
// The background work's backlog and PostgreSQL's lock waits are read by the process that runs
// that work, so they are counted once per machine.

export type Role = "whole" | "worker" | "primary";

/** Where this process's main thread times its statements, when metrics are on (given to openDatabase). */
export function mainTimings(config: Config): DatabaseTimings | undefined {
  return config.metrics ? databaseTimings("main") : undefined;
}

export interface StartedMetrics {
  /** What the front door of a serving process needs: set when metrics are on. */
  frontDoor: FrontDoorDeps["metrics"];
  stop(): Promise<void>;
}

const NOTHING: StartedMetrics = { frontDoor: undefined, stop: async () => {} };

export async function startMetrics(config: Config, role: Role, services: Services): Promise<StartedMetrics> {
  const settings = config.metrics;
  if (!settings) return NOTHING;
  collectProcessMetrics();
  if (role !== "worker") {
    reportBacklog(
      services.db,
      QUEUES,
      FOLLOWERS.map(({ follower }) => follower.name),
    );
    reportLockWaits(services.db, services.dialect);
  }
  if (role === "worker") reportToPrimary();
  if (role === "primary") gatherWorkers();

  const scrape: MetricsEndpoint["scrape"] = role === "whole" ? () => metricsRegistry.metrics() : role === "primary" ? machineMetrics : askPrimary;
  const endpoint: MetricsEndpoint = { token: settings.token, scrape };
  let listener: Server | undefined;
  // METRICS_PORT: the one process that answers for the machine listens there; the main port does not answer.
  if (settings.port !== undefined && role !== "worker") {
    listener = await listenForScrapes(endpoint, settings.host, settings.port);
    log.info("metrics listening", { address: `${settings.host}:${settings.port}` });
  }
  const onMainPort = settings.port === undefined && role !== "primary";
  return {
    frontDoor: role === "primary" ? undefined : onMainPort ? { answer: metricsAnswerer(endpoint) } : {},
    stop: () => new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve())),
  };
}
