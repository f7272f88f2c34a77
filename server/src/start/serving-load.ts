import { performance } from "node:perf_hooks";

// How busy the serving thread is, shared with the background thread (background.ts) through memory
// both can read: the share of the last quarter second its event loop spent working (0 to 1).
// The background thread's mail waits while it is high (pace.ts), so a burst of mail does not take
// the CPU that requests need, even where the mail server runs on the same machine.

const SAMPLE_MS = 250;

/** Starts sampling this thread's event loop; `buffer` goes to the background thread. */
export function shareServingLoad(): { buffer: SharedArrayBuffer; stop: () => void } {
  const buffer = new SharedArrayBuffer(Float64Array.BYTES_PER_ELEMENT);
  const load = new Float64Array(buffer);
  let last = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    load[0] = performance.eventLoopUtilization(now, last).utilization;
    last = now;
  }, SAMPLE_MS);
  timer.unref();
  return { buffer, stop: () => clearInterval(timer) };
}

/** Reads the serving thread's load from the buffer shareServingLoad made. */
export function servingLoadOf(buffer: SharedArrayBuffer): () => number {
  const load = new Float64Array(buffer);
  return () => load[0] ?? 0;
}
