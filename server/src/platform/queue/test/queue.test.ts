import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openDatabase } from "../../db/database.js";
import { nowIso, nowMs, shiftClock } from "../../lib/clock.js";
import { newId } from "../../lib/ids.js";
import {
  type Backoff,
  claimNext,
  claimRows,
  deadLetter,
  dueRows,
  holdLease,
  leaseOf,
  type Pass,
  type Queue,
  queueFigures,
  retryDelay,
  retryLater,
  startRunner,
  succeeded,
} from "../index.js";
import { backgroundFigures } from "../../../start/workers.js";
import { useHarness } from "../../../../test/support/harness.js";

// platform/queue on the database under test, over a real job table (notification mails): two
// claimers never take one row, a lease that ran out is taken again, a renewal holds it, a failure
// waits its backoff and the last one leaves a dead letter with its reason, and a stop waits for the
// work under way. Time moves with the test clock.

const h = useHarness();
const queue: Queue<"notification_mails"> = {
  name: "test mails",
  table: "notification_mails",
  waiting: ["pending"],
  dueAt: "next_attempt_at",
  dead: { state: "failed", reason: "error" },
};
const due = {
  due: (eb: Parameters<Parameters<typeof dueRows<"notification_mails">>[2]["due"]>[0]) =>
    eb.and([eb("state", "=", "pending"), eb("next_attempt_at", "<=", nowIso())]),
};
let workspaceId: string;
let other: Db;

beforeAll(async () => {
  workspaceId = (await h.workspace()).id;
  // A second connection: the other claimer, as another process would be.
  other = openDatabase(h.database.url).db;
});
afterAll(async () => {
  await other?.destroy();
});

async function mails(n: number): Promise<string[]> {
  await h.database.db.deleteFrom("notification_mails").execute();
  const rows = Array.from({ length: n }, () => ({
    id: newId("notificationMail"),
    workspace_id: workspaceId,
    recipient_id: "mem_test",
    state: "pending" as const,
    next_attempt_at: nowIso(),
    locked_until: null,
    sent_at: null,
    error: null,
    created_at: nowIso(),
  }));
  await h.database.db.insertInto("notification_mails").values(rows).execute();
  return rows.map((r) => r.id);
}

const mail = (id: string) => h.database.db.selectFrom("notification_mails").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("platform/queue", () => {
  it("gives each row to one of two claimers that read the same rows", async () => {
    const ids = await mails(20);
    const [mine, theirs] = await Promise.all([
      dueRows(h.database.db, queue, { ...due, orderBy: "next_attempt_at", limit: 50 }),
      dueRows(other, queue, { ...due, orderBy: "next_attempt_at", limit: 50 }),
    ]);
    expect(mine).toHaveLength(20);
    expect(theirs).toHaveLength(20);
    const [a, b] = await Promise.all([
      claimRows(h.database.db, queue, mine, { ...due, leaseMs: 60_000 }),
      claimRows(other, queue, theirs, { ...due, leaseMs: 60_000, set: () => ({}) }),
    ]);
    const taken = [...a, ...b].map((c) => (c.row as { id: string }).id);
    expect(taken.sort()).toEqual([...ids].sort());
    expect(new Set(taken).size).toBe(20);
    // Nothing is due while the leases hold.
    expect(await dueRows(h.database.db, queue, { ...due, orderBy: "next_attempt_at", limit: 50 })).toEqual([]);
  });

  it("takes a row again once its lease ran out, and a renewal keeps it", async () => {
    const [id] = await mails(1);
    const first = await claimNext(h.database.db, queue, { ...due, orderBy: "next_attempt_at", leaseMs: 60_000 });
    expect(first).not.toBe("none");
    if (typeof first === "string") return;
    expect(await claimNext(other, queue, { ...due, orderBy: "next_attempt_at", leaseMs: 60_000 })).toBe("none");

    // Renewed before it runs out: still this runner's a minute later.
    const lease = holdLease(h.database.db, queue, id!, leaseOf(first.row)!, 60_000);
    shiftClock(50_000);
    expect(await lease.renew()).toBe(true);
    shiftClock(50_000);
    expect(await claimNext(other, queue, { ...due, orderBy: "next_attempt_at", leaseMs: 60_000 })).toBe("none");

    // Not renewed: it runs out, another claimer takes it, and the first runner's renewal and end fail.
    shiftClock(61_000);
    const second = await claimNext(other, queue, { ...due, orderBy: "next_attempt_at", leaseMs: 60_000 });
    expect(typeof second === "string" ? second : second.row.id).toBe(id);
    expect(await lease.renew()).toBe(false);
    expect(await lease.end({ state: "sent" })).toBe(false);
    expect((await mail(id!)).state).toBe("pending");
  });

  it("waits each failure's backoff, scaled and spread, then leaves a dead letter with its reason", async () => {
    const backoff: Backoff = { delaysMs: [1_000, 60_000, 3_600_000] };
    expect([0, 1, 2, 3].map((n) => retryDelay(backoff, n))).toEqual([1_000, 60_000, 3_600_000, undefined]);
    expect(retryDelay({ ...backoff, scale: 0.5 }, 1)).toBe(30_000);
    expect(retryDelay(backoff, 0, 5_000)).toBe(5_000);
    for (let i = 0; i < 50; i++) {
      const spread = retryDelay({ ...backoff, jitter: 0.1 }, 1)!;
      expect(spread).toBeGreaterThanOrEqual(54_000);
      expect(spread).toBeLessThanOrEqual(66_000);
    }

    const [id] = await mails(1);
    for (let attempts = 0; ; attempts++) {
      const claimed = await claimNext(h.database.db, queue, { ...due, orderBy: "next_attempt_at", leaseMs: 60_000 });
      expect(typeof claimed).not.toBe("string");
      const wait = retryDelay(backoff, attempts);
      const reason = `refused ${attempts + 1}`;
      await h.database.db
        .updateTable("notification_mails")
        .set(wait === undefined ? { ...deadLetter(queue, attempts, reason), next_attempt_at: nowIso() } : retryLater(queue, attempts, reason, wait))
        .where("id", "=", id!)
        .execute();
      if (wait === undefined) break;
      const row = await mail(id!);
      expect(row).toMatchObject({ state: "pending", attempts: attempts + 1, error: reason, locked_until: null });
      expect(Date.parse(row.next_attempt_at) - nowMs()).toBeGreaterThan(wait - 1_000);
      // Not due a moment before its wait is over; due after it.
      shiftClock(wait - 100);
      expect(await claimNext(h.database.db, queue, { ...due, orderBy: "next_attempt_at", leaseMs: 60_000 })).toBe("none");
      shiftClock(100);
    }
    expect(await mail(id!)).toMatchObject({ state: "failed", attempts: 4, error: "refused 4", locked_until: null });
    expect(await claimNext(h.database.db, queue, { ...due, orderBy: "next_attempt_at", leaseMs: 60_000 })).toBe("none");
    expect(succeeded(queue, "sent", 0)).toEqual({ state: "sent", attempts: 1, error: null, locked_until: null });
  });

  it("counts depth, the oldest due row's wait, rows in flight and dead letters", async () => {
    const ids = await mails(4);
    shiftClock(30_000);
    await claimRows(h.database.db, queue, [{ id: ids[0]!, state: "pending" }], { ...due, leaseMs: 60_000 });
    await h.database.db
      .updateTable("notification_mails")
      .set(deadLetter(queue, 0, "gone"))
      .where("id", "=", ids[1]!)
      .execute();
    const figures = await queueFigures(h.database.db, queue);
    expect(figures).toMatchObject({ queue: "test mails", depth: 3, inFlight: 1, failures: 1 });
    expect(figures.oldestDueMs).toBeGreaterThanOrEqual(30_000);
    // Every queue the workers drain reads its figures from its own table.
    const all = await backgroundFigures(h.database.db);
    expect(all.map((f) => f.queue)).toEqual([
      "webhook deliveries",
      "notification mails",
      "integration deliveries",
      "member mails",
      "bulk jobs",
      "exports",
      "imports",
    ]);
    expect(all[1]).toMatchObject({ depth: 3, inFlight: 1, failures: 1 });
  });

  it("stops claiming on stop and waits for the work under way, at most its bound", async () => {
    let passes = 0;
    let started!: () => void;
    const passStarted = new Promise<void>((resolve) => (started = resolve));
    let finish!: () => void;
    const work = new Promise<void>((resolve) => (finish = resolve));
    let seen: Pass | undefined;
    const stop = startRunner("test worker", 5, async (run) => {
      passes++;
      seen = run;
      if (passes === 1) {
        run.awaitOnStop(work);
        started();
      }
    });
    await passStarted;
    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    expect(seen!.stopping()).toBe(true);
    const passesAtStop = passes;
    await Promise.resolve();
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
    expect(passes).toBe(passesAtStop);

    // Work that never ends holds a stop only as long as its bound.
    let tracked!: () => void;
    const stuckStarted = new Promise<void>((resolve) => (tracked = resolve));
    const stuck = startRunner(
      "stuck worker",
      5,
      async (run) => {
        run.awaitOnStop(new Promise(() => {}));
        tracked();
      },
      { stopWaitMs: 20 },
    );
    await stuckStarted;
    await stuck();
  });
});
