// A background worker's heartbeat: a pass every `pollMs`, never two at once in one process, and a
// stop that waits for the pass under way. The timer does not keep the process alive.

export function everyPoll(pollMs: number, pass: () => Promise<void>, first: Promise<void> | null = null): () => Promise<void> {
  let running = first?.finally(() => (running = null)) ?? null;
  let stopped = false;
  const timer = setInterval(() => {
    if (!running && !stopped) running = pass().finally(() => (running = null));
  }, pollMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}

/** A pass of a queue's worker: `step` again while it found work, until `budgetMs` has passed (so a stop never waits long). */
export async function drainFor(budgetMs: number, step: () => Promise<number>): Promise<void> {
  const until = Date.now() + budgetMs;
  while ((await step()) > 0 && Date.now() < until) {
    // a burst is worked through before the next poll
  }
}
