import { Gauge } from "prom-client";
import { followerLag, type FollowerLag } from "../changes/follow.js";
import type { Db } from "../db/database.js";
import { log } from "../lib/log.js";
import { FIGURES_BOUND, type Queue, type QueueFigures, queueFigures } from "../queue/index.js";
import { metricsRegistry } from "./registry.js";

// The background work's backlog, read from the database when a scrape asks, never as work is
// done: every queue's depth, oldest due row, rows being run and dead letters, and how far each
// follower of the outbox is behind. The process that runs the background work reports it (with
// WORKERS, the primary), so a machine's processes never count it twice. One scrape reads it once,
// a few index lookups per queue (platform/queue/figures.ts), however many gauges show it.

interface Backlog {
  queues: QueueFigures[];
  followers: FollowerLag[];
}

/** Reads once for every gauge of one scrape: the gauges collect at the same moment. */
function sharedRead(read: () => Promise<Backlog>): () => Promise<Backlog | undefined> {
  let reading: Promise<Backlog | undefined> | undefined;
  return () => {
    reading ??= read()
      .catch((error) => {
        // The rest of the scrape still answers; these gauges are left out until the database answers.
        log.warn("metrics: the background work's figures could not be read", { error });
        return undefined;
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
}

/** A gauge whose values, one per label value, are read from the backlog as a scrape collects it. */
function gauge(
  name: string,
  help: string,
  label: "queue" | "follower",
  values: (backlog: Backlog) => [string, number][],
  read: () => Promise<Backlog | undefined>,
) {
  return new Gauge({
    name,
    help,
    labelNames: [label],
    registers: [metricsRegistry],
    async collect() {
      const backlog = await read();
      this.reset();
      for (const [labelValue, value] of backlog ? values(backlog) : []) this.set({ [label]: labelValue }, value);
    },
  });
}

let reported = false;

/** Reports the backlog of `queues` and of the outbox's followers named, from `db`. */
export function reportBacklog(db: Db, queues: readonly Queue[], followers: readonly string[]): void {
  if (reported) return;
  reported = true;
  const read = sharedRead(async () => {
    const [figures, lag] = await Promise.all([Promise.all(queues.map((queue) => queueFigures(db, queue))), followerLag(db, followers)]);
    return { queues: figures, followers: lag };
  });
  const perQueue = (name: string, help: string, value: (figures: QueueFigures) => number) =>
    gauge(name, help, "queue", (backlog) => backlog.queues.map((figures) => [figures.queue, value(figures)]), read);
  const perFollower = (name: string, help: string, value: (lag: FollowerLag) => number) =>
    gauge(name, help, "follower", (backlog) => backlog.followers.map((lag) => [lag.follower, value(lag)]), read);

  perQueue("heed_queue_depth", `Rows waiting or being run, per queue (counted up to ${FIGURES_BOUND}).`, (f) => f.depth);
  perQueue("heed_queue_oldest_due_seconds", "How long the oldest due row of the queue has waited; 0 when none is due.", (f) => f.oldestDueMs / 1000);
  perQueue("heed_queue_in_flight", "Rows being run now, under a lease, in any process.", (f) => f.inFlight);
  perQueue("heed_queue_dead_letters", `Rows that failed for good and are kept (counted up to ${FIGURES_BOUND}).`, (f) => f.failures);
  perFollower("heed_outbox_lag_events", "Outbox events a follower has not read yet (sequence numbers past its cursor).", (l) => l.events);
  perFollower(
    "heed_outbox_lag_seconds",
    "How long ago the oldest event a follower has not read was written; 0 when it is caught up.",
    (l) => l.oldestMs / 1000,
  );
}
