import { log } from "../lib/log.js";

// A worker's heartbeat: a pass every `everyMs`, never two at once in one process. A stop stops
// claiming (the pass under way sees `stopping()` and ends its drain), then waits for the pass and
// for the work it left running (`awaitOnStop`), at most `stopWaitMs`. The timer does not keep the
// process alive.

export interface Pass {
  /** True once a stop was asked: claim nothing more. */
  stopping(): boolean;
  /** Work a pass started and did not wait for (a send beside the pass): a stop waits for it. */
  awaitOnStop(work: Promise<unknown>): void;
}

export interface RunnerOptions {
  /** Work already under way at start (a clean-up): the first pass waits for it. */
  first?: Promise<void> | null;
  /** A first pass this soon after start, before the first interval has passed. */
  firstAfterMs?: number;
  /** How long a stop waits for the work under way. */
  stopWaitMs?: number;
}

/** A stop waits this long for the work under way (the background thread is ended 15 s after its stop). */
const STOP_WAIT_MS = 14_000;

export function startRunner(name: string, everyMs: number, pass: (run: Pass) => Promise<void>, options: RunnerOptions = {}): () => Promise<void> {
  let stopped = false;
  const inFlight = new Set<Promise<unknown>>();
  const run: Pass = {
    stopping: () => stopped,
    awaitOnStop(work) {
      const settled = work.catch((error) => log.warn(`${name} failed unexpectedly`, { error })).finally(() => inFlight.delete(settled));
      inFlight.add(settled);
    },
  };
  const once = () => pass(run).catch((error) => log.warn(`${name} pass failed`, { error }));
  let running = options.first?.finally(() => (running = null)) ?? null;
  const tick = () => {
    if (!running && !stopped) running = once().finally(() => (running = null));
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  const early = options.firstAfterMs === undefined ? undefined : setTimeout(tick, options.firstAfterMs);
  early?.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    clearTimeout(early);
    let waited: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => {
      waited = setTimeout(resolve, options.stopWaitMs ?? STOP_WAIT_MS);
      waited.unref();
    });
    const drained = (async () => {
      await running;
      await Promise.allSettled([...inFlight]);
    })();
    await Promise.race([drained, bound]);
    clearTimeout(waited);
  };
}

/**
 * Steps of a pass: `step` again while it found work, until `budgetMs` has passed (so a pass never
 * holds the next one off long) or the runner is stopping.
 */
export async function drainFor(budgetMs: number, step: () => Promise<number>, run?: Pass): Promise<void> {
  const until = Date.now() + budgetMs;
  while ((await step()) > 0 && Date.now() < until && !run?.stopping()) {
    // a burst is worked through before the next poll
  }
}
