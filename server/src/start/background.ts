import { Worker } from "node:worker_threads";
import type { Config } from "../config.js";
import type { Services } from "../platform/context.js";
import { log } from "../platform/lib/log.js";
import { databaseTimings, timingsBuffer } from "../platform/metrics/database.js";
import { backgroundThreadRestarts } from "../platform/metrics/restarts.js";
import { startBackground } from "./services.js";

/**
 * A thread that ends is started again after 1 s, then 2, 4, … up to a minute while each one fails
 * soon after it started (a database that is gone): every start loads the whole bundle, and a
 * restart each second cost a core. One that ran a minute or more is followed at once.
 */
const RESTART_FIRST_MS = 1000;
const RESTART_MAX_MS = 60_000;
/** How long a stop waits for the passes running to end before the thread is ended for it. */
const STOP_WAIT_MS = 15_000;

/**
 * Runs the background work (jobs, webhook delivery, notification mail) on a thread of its own at a
 * lower priority (background-entry.ts), so a burst of it (10,000 mails after one status change)
 * does not take the serving thread's CPU. What runs there writes through its own connection; the
 * claims and leases in the database keep each job to one runner, as between processes.
 * With `servingLoad` (serving-load.ts) from the thread that serves, the mail also waits while that
 * thread is busy. `sqlite::memory:` cannot be shared between threads: there, the work runs on this
 * thread.
 * A thread that fails is logged and started again.
 */
export function startBackgroundThread(config: Config, services: Services, servingLoad?: SharedArrayBuffer): () => Promise<void> {
  if (config.databaseUrl === "sqlite::memory:") return startBackground(config, services);
  let stopping = false;
  let current: Worker | undefined;
  let failures = 0;
  // With metrics on, the thread times its statements into memory this thread reads at a scrape;
  // each thread started again writes on where the last stopped.
  const timings = config.metrics ? timingsBuffer() : undefined;
  if (timings) databaseTimings("background", timings);
  const begin = () => {
    if (stopping) return;
    const startedAt = Date.now();
    const thread = new Worker(new URL("./background-entry.js", import.meta.url), { workerData: { servingLoad, timings } });
    current = thread;
    thread.on("error", (error) => log.error("background thread failed", { error }));
    thread.once("exit", (code) => {
      if (stopping) return;
      const livedLong = Date.now() - startedAt >= RESTART_MAX_MS;
      if (livedLong) failures = 0;
      const after = livedLong ? 0 : Math.min(RESTART_MAX_MS, RESTART_FIRST_MS * 2 ** failures++);
      log.error("background thread ended: starting another", { code, afterMs: after });
      backgroundThreadRestarts.inc();
      setTimeout(begin, after).unref();
    });
  };
  begin();
  return async () => {
    stopping = true;
    const thread = current;
    if (!thread || thread.threadId === -1) return;
    const ended = new Promise<void>((resolve) => thread.once("exit", () => resolve()));
    thread.postMessage("stop");
    const timer = setTimeout(() => void thread.terminate(), STOP_WAIT_MS);
    await ended;
    clearTimeout(timer);
  };
}
