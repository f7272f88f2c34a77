import cluster, { type Worker } from "node:cluster";
import { RateLimiterClusterMaster } from "rate-limiter-flexible";
import type { Config } from "../config.js";
import { openDatabase } from "../platform/db/database.js";
import { migrateToLatest } from "../platform/db/migrate.js";
import { log } from "../platform/lib/log.js";
import { bootstrapDemo } from "../cli/seed/demo.js";
import { workerRestarts } from "../platform/metrics/restarts.js";
import { startBackgroundThread } from "./background.js";
import { mainTimings, startMetrics } from "./metrics.js";
import { servicesOf } from "./services.js";
import { whereToFind } from "./where-to-find.js";

/** A worker that dies this soon after it started is not restarted again and again. */
const RESTART_BACKOFF_MS = 1000;

/**
 * WORKERS=n on one machine: this process migrates, creates the demo workspace, runs the jobs and the
 * webhook worker once, keeps the shared rate-limit counts (unless Redis does), and starts n workers
 * that serve HTTP on the one port (node:cluster shares it). A worker that dies is replaced.
 */
export async function runPrimary(config: Config): Promise<void> {
  const opened = openDatabase(config.databaseUrl, { checkpoints: "another-thread", timings: mainTimings(config) });
  const applied = await migrateToLatest(opened.db);
  if (applied.length > 0) log.info("migrations applied", { migrations: applied });
  const services = await servicesOf(config, opened);
  if (config.seedDemo) await bootstrapDemo(services);
  // Answers the workers' RateLimiterCluster: one count per bucket across them.
  new RateLimiterClusterMaster();
  const stopBackground = startBackgroundThread(config, services);
  const metrics = await startMetrics(config, "primary", services);

  let stopping = false;
  const started = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork();
    started.set(worker.id, Date.now());
  };
  cluster.on("exit", (worker: Worker, code, signal) => {
    const lived = Date.now() - (started.get(worker.id) ?? 0);
    started.delete(worker.id);
    if (stopping) return;
    log.error("worker exited: starting another", { pid: worker.process.pid, code, signal });
    workerRestarts.inc();
    setTimeout(fork, Math.max(0, RESTART_BACKOFF_MS - lived));
  });
  for (let i = 0; i < config.workers; i++) fork();
  log.info("serving with workers", { workers: config.workers });
  process.stdout.write(`${(await whereToFind(services, config.databaseUrl)).join("\n")}\n`);

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info("stopping", { signal });
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            worker.once("exit", () => resolve());
            worker.process.kill("SIGTERM");
          }),
      ),
    );
    await stopBackground();
    await metrics.stop();
    services.mailer?.close();
    await opened.db.destroy();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}
