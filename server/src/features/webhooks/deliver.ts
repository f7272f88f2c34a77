import { nowIso } from "../../platform/lib/clock.js";
import type { Db } from "../../platform/db/database.js";
import { leaseFree, leaseHeld, selectLease } from "../../platform/queue/index.js";
import { type Attempt, type DeliveryOptions, type Due, recordAttempts, send } from "./attempts.js";
import { leaseEnd, leaseRun, releaseLease, renewLease } from "./leases.js";

export type { DeliveryOptions } from "./attempts.js";

/**
 * The endpoints, among those not in `busy`, whose oldest pending delivery is due. Only the
 * endpoint is needed: its lane reads the run itself (nextRun), so the delivery is not loaded here.
 */
async function dueEndpoints(db: Db, busy: Set<string>): Promise<string[]> {
  const heads = (
    await db
      .selectFrom("webhook_deliveries")
      .select((eb) => ["endpoint_id", eb.fn.min("id").as("id")])
      .where("state", "=", "pending")
      .groupBy("endpoint_id")
      .execute()
  ).filter((h) => !busy.has(h.endpoint_id));
  if (heads.length === 0) return [];
  const now = nowIso();
  const due = await db
    .selectFrom("webhook_deliveries as d")
    .innerJoin("webhook_endpoints as e", "e.id", "d.endpoint_id")
    .select("d.endpoint_id")
    .where(
      "d.id",
      "in",
      heads.map((h) => String(h.id)),
    )
    .where("e.enabled", "=", 1)
    .where("d.next_attempt_at", "<=", now)
    .where(leaseFree(now, "d"))
    .execute();
  return due.map((d) => d.endpoint_id);
}

const LANE_BATCH = 50;

/**
 * The endpoint's next due deliveries in event order, read in one query: the unbroken run of
 * pending deliveries from its oldest one that are due and not leased elsewhere.
 */
async function nextRun(db: Db, endpointId: string): Promise<Due[]> {
  const now = nowIso();
  const next = await db
    .selectFrom("webhook_deliveries as d")
    .innerJoin("webhook_endpoints as e", "e.id", "d.endpoint_id")
    .select([
      "d.id",
      "d.workspace_id",
      "d.event_id",
      "d.payload",
      "d.attempts",
      "d.endpoint_id",
      "d.next_attempt_at",
      "e.url",
      "e.secret",
      "e.previous_secret",
      "e.previous_secret_expires_at",
      "e.enabled",
    ])
    .select(selectLease("d"))
    .where("d.endpoint_id", "=", endpointId)
    .where("d.state", "=", "pending")
    .orderBy("d.id")
    .limit(LANE_BATCH)
    .execute();
  const run: Due[] = [];
  for (const d of next) {
    if (d.enabled !== 1 || (d.next_attempt_at ?? now) > now || leaseHeld(d.leased_until, now)) break;
    run.push(d);
  }
  return run;
}

/**
 * Starts a lane for every endpoint that has a due delivery and no lane in this process (`busy`).
 * A lane reads the endpoint's next run of due deliveries and sends them one after the other, each
 * claimed just before its send, then the next run, until none is due: events reach an endpoint in
 * the order they happened, at the speed it answers. A failed send ends the lane (later deliveries
 * wait behind it). Endpoints are served side by side, so a slow one (up to the 15 s timeout)
 * holds up only itself.
 */
export async function startDueDeliveries(db: Db, options: DeliveryOptions, busy: Set<string>): Promise<Promise<number>[]> {
  const endpoints = await dueEndpoints(db, busy);
  return endpoints.map((endpointId) => {
    busy.add(endpointId);
    const lane = async () => {
      let sent = 0;
      for (;;) {
        const run = await nextRun(db, endpointId);
        if (run.length === 0) return sent;
        const done = await sendRun(db, run, options);
        sent += done.sent;
        if (!done.whole) return sent;
      }
    };
    return lane().finally(() => busy.delete(endpointId));
  });
}

/** The lane checks its endpoint and renews its lease at least this often. */
const RECHECK_MS = 1_000;
/** Attempts are written in batches of this many (and when the run ends or a send fails). */
const RECORD_EVERY = 25;

/**
 * Sends a run in order under one lease: leased in one statement, attempts written in batches, the
 * lease renewed (and the endpoint checked) at least every second, the rest let go when a send
 * fails or the endpoint changed. Two writes per delivery became about three per run, which is what
 * lets one endpoint take hundreds of events a second.
 */
async function sendRun(db: Db, run: Due[], options: DeliveryOptions): Promise<{ sent: number; whole: boolean }> {
  let lease = leaseEnd(options);
  if (!(await leaseRun(db, run, lease))) return { sent: 0, whole: false };
  let checked = Date.now();
  const written: Attempt[] = [];
  let sent = 0;
  try {
    for (const [i, delivery] of run.entries()) {
      if (Date.now() - checked >= RECHECK_MS) {
        // What was sent is written first: only the rest of the run keeps the lease.
        await recordAttempts(db, written.splice(0), options.turnOff);
        const renewed = leaseEnd(options);
        if (!(await renewLease(db, run.slice(i), lease, renewed))) return { sent, whole: false };
        lease = renewed;
        checked = Date.now();
      }
      const attempt = await send(delivery, options);
      written.push(attempt);
      sent++;
      if (!attempt.ok) return { sent, whole: false };
      if (written.length >= RECORD_EVERY) await recordAttempts(db, written.splice(0), options.turnOff);
    }
    return { sent, whole: true };
  } finally {
    await recordAttempts(db, written, options.turnOff);
    // What was leased and not sent waits for the next pass (after a failure: behind the retry).
    await releaseLease(
      db,
      run.slice(sent).map((d) => d.id),
      lease,
    );
  }
}

/** One pass that waits for its sends (tests, benchmarks); the worker uses startDueDeliveries. */
export async function deliverDue(db: Db, options: DeliveryOptions): Promise<number> {
  const sent = await Promise.all(await startDueDeliveries(db, options, new Set()));
  return sent.reduce((a, b) => a + b, 0);
}
