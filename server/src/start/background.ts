import { Worker } from "node:worker_threads";
import type { Config } from "../config.js";
import type { Services } from "../platform/context.js";
import { log } from "../platform/lib/log.js";
import { startBackground } from "./services.js";

/** A thread that dies this soon after it started waits this long before the next. */
const RESTART_BACKOFF_MS = 1000;
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
  const begin = () => {
    const startedAt = Date.now();
    const thread = new Worker(new URL("./background-entry.js", import.meta.url), { workerData: { servingLoad } });
    current = thread;
    thread.on("error", (error) => log.error("background thread failed", { error }));
    thread.once("exit", (code) => {
      if (stopping) return;
      log.error("background thread ended: starting another", { code });
      setTimeout(begin, Math.max(0, RESTART_BACKOFF_MS - (Date.now() - startedAt)));
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
