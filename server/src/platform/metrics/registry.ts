import { collectDefaultMetrics, Registry } from "prom-client";

// The one registry of a process (a thread has its own, unread: the background thread's database
// timings reach the main thread through shared memory, database.ts). Every instrument registers
// here as its module loads; recording into one costs a few additions, and nothing is written out
// unless metrics are on (METRICS_TOKEN or METRICS_PORT), when the process's own figures start too.

export const metricsRegistry = new Registry();

/** The media type of the exposition: Prometheus's text format, version 0.0.4. */
export const EXPOSITION_TYPE = metricsRegistry.contentType;

let processFigures = false;

/**
 * The process's memory, CPU, event-loop delay, handles and garbage collection (prom-client's
 * default metrics, under their usual names, so ready-made dashboards read them). Started once, by
 * a process whose metrics are on: the event-loop delay is sampled every 10 ms meanwhile.
 */
export function collectProcessMetrics(): void {
  if (processFigures) return;
  processFigures = true;
  collectDefaultMetrics({ register: metricsRegistry });
}
