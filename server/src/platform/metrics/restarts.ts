import { Counter, register } from "./instruments.js";
import { metricsRegistry } from "./registry.js";

// What had to be started again: the background thread after it failed (start/background.ts), and
// with WORKERS a serving process that died (start/primary.ts). Either, more than rarely, is a fault
// to look into: the logs say why.

const threads = new Counter("heed_background_thread_restarts_total", "Times the background thread (jobs, webhooks, mail) ended and was started again.");
const workers = new Counter("heed_worker_restarts_total", "Times a serving process of WORKERS died and another was started.");
register(metricsRegistry, threads);
register(metricsRegistry, workers);

export const backgroundThreadRestarts = threads.series();
export const workerRestarts = workers.series();
