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
