// The requests a server is still working on, until their handlers finish: not until their
// connections close. A client that hangs up closes its connection while its handler still runs (a
// write waiting for SQLite's lock, say); stopping then would close the database under it, and the
// handler would fail with "driver has already been destroyed". Stopping waits for this count to reach
// zero (bounded by the drain time) before it closes the database.

export interface InFlight {
  /** Counts `work` until it settles, and gives it back. */
  counting<T>(work: Promise<T>): Promise<T>;
  /** Settles when nothing is in flight. */
  idle(): Promise<void>;
  readonly count: number;
}

export function inFlightRequests(): InFlight {
  let count = 0;
  const waiting: (() => void)[] = [];
  const settled = () => {
    count--;
    if (count === 0) for (const resolve of waiting.splice(0)) resolve();
  };
  return {
    counting(work) {
      count++;
      work.then(settled, settled);
      return work;
    },
    idle: () => (count === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve))),
    get count() {
      return count;
    },
  };
}
