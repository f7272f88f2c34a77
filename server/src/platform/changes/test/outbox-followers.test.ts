import { describe, expect, it } from "vitest";
import { recordChange } from "../record.js";
import { cursorOf, type Follower, followerLag, followOnce, GAP_GRACE_MS, type OutboxEvent } from "../follow.js";
import { shiftClock } from "../../lib/clock.js";
import { FOLLOWERS } from "../../../start/followers.js";
import { useHarness, type TestWorkspace } from "../../../../test/support/harness.js";

const h = useHarness();

/** A follower of `post.updated` that notes the events of these workspaces it is handed. */
function noting(name: string, ws: TestWorkspace | TestWorkspace[], fail?: () => boolean): Follower & { seen: string[] } {
  const ids = new Set([ws].flat().map((w) => w.id));
  const seen: string[] = [];
  return {
    name,
    types: ["post.updated"],
    seen,
    async handle(_tx, events: OutboxEvent[]) {
      if (fail?.()) throw new Error("this follower fails");
      for (const event of events) if (ids.has(event.workspaceId)) seen.push(JSON.parse(event.data).mark);
    },
  };
}

/** Writes a `post.updated` event marked `mark` inside `tx`, as a verb records its change. */
function change(mark: string) {
  return { action: "post.updated" as const, objectType: "post" as const, objectId: mark, event: { type: "post.updated" as const, data: { mark } } };
}

async function write(ws: TestWorkspace, mark: string): Promise<void> {
  await h.database.db.transaction().execute((tx) => recordChange(tx, ws.ctx, change(mark)));
}

async function drain(follower: Follower): Promise<void> {
  while ((await followOnce(h.services, follower)) > 0);
}

async function seqOf(mark: string): Promise<number> {
  const row = await h.database.db.selectFrom("outbox").select("seq").where("data", "=", JSON.stringify({ mark })).executeTakeFirst();
  return Number(row?.seq);
}

describe("followers of the outbox", () => {
  // First: a rolled-back event later in this file leaves a gap on PostgreSQL that a new cursor would wait before.
  it("tell how far each is behind: the events past its cursor and how long ago the first of them was written", async () => {
    const ws = await h.workspace();
    const follower = noting("test-lag", ws);
    await drain(follower);
    expect(await followerLag(h.database.db, [follower.name])).toEqual([{ follower: follower.name, events: 0, oldestMs: 0 }]);
    await write(ws, "behind-1");
    shiftClock(30_000);
    try {
      await write(ws, "behind-2");
      const [lag] = await followerLag(h.database.db, [follower.name]);
      expect(lag!.events).toBe((await seqOf("behind-2")) - (await seqOf("behind-1")) + 1);
      expect(lag!.oldestMs).toBeGreaterThanOrEqual(30_000);
      // A follower that never ran is behind by the whole outbox.
      const [never] = await followerLag(h.database.db, ["test-never-ran"]);
      expect(never!.events).toBeGreaterThanOrEqual(await seqOf("behind-2"));
      await drain(follower);
      expect(await followerLag(h.database.db, [follower.name])).toEqual([{ follower: follower.name, events: 0, oldestMs: 0 }]);
    } finally {
      shiftClock(-30_000);
    }
  });

  it("hand each follower every event it wants once, in the order written, whatever the number of passes at once", async () => {
    const ws = await h.workspace();
    const a = noting("test-a", ws);
    const b = noting("test-b", ws);
    for (const mark of ["one", "two", "three"]) await write(ws, mark);
    await h.database.db
      .transaction()
      .execute((tx) =>
        recordChange(tx, ws.ctx, { action: "post.created", objectType: "post", objectId: "x", event: { type: "post.created", data: { mark: "other" } } }),
      );
    await Promise.all([drain(a), drain(a), drain(b), drain(b)]);
    for (const mark of ["four", "five"]) await write(ws, mark);
    await Promise.all([drain(a), drain(b), drain(b)]);
    expect(a.seen).toEqual(["one", "two", "three", "four", "five"]);
    expect(b.seen).toEqual(["one", "two", "three", "four", "five"]);
    // An idle pass finds nothing and moves nothing.
    expect(await followOnce(h.services, a)).toBe(0);
  });

  it("keep the handler's writes and the cursor together: a follower that fails reads the same events again, and holds up no other", async () => {
    const ws = await h.workspace();
    let failing = true;
    const flaky = noting("test-flaky", ws, () => failing);
    const steady = noting("test-steady", ws);
    await drain(flaky).catch(() => undefined);
    await drain(steady);
    const before = await cursorOf(h.database.db, flaky.name);
    for (const mark of ["six", "seven"]) await write(ws, mark);
    await expect(followOnce(h.services, flaky)).rejects.toThrow("this follower fails");
    await drain(steady);
    expect(steady.seen).toEqual(["six", "seven"]);
    expect(await cursorOf(h.database.db, flaky.name)).toEqual(before);
    failing = false;
    await drain(flaky);
    expect(flaky.seen).toEqual(["six", "seven"]);
  });

  it("read an event whose transaction commits after a later event was read (PostgreSQL numbers events before they commit)", async () => {
    if (h.services.dialect !== "postgres") return;
    // Two workspaces: one's writes wait for each other (each raises its version).
    const ws = await h.workspace();
    const other = await h.workspace();
    const follower = noting("test-late", [ws, other]);
    await drain(follower);
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    const late = h.database.db.transaction().execute(async (tx) => {
      await recordChange(tx, other.ctx, change("early-number"));
      written();
      await held;
    });
    await wrote;
    await write(ws, "later-number");
    await drain(follower);
    expect(follower.seen).toEqual(["later-number"]);
    expect((await cursorOf(h.database.db, follower.name))?.ahead).toEqual([await seqOf("later-number")]);
    commit();
    await late;
    await drain(follower);
    expect(follower.seen).toEqual(["later-number", "early-number"]);
    expect(await cursorOf(h.database.db, follower.name)).toEqual({ position: await seqOf("later-number"), ahead: [] });
  });

  it("pass the number of an event that rolled back once the grace period is over, reading nothing twice", async () => {
    const ws = await h.workspace();
    const follower = noting("test-rollback", ws);
    await drain(follower);
    const before = await cursorOf(h.database.db, follower.name);
    await h.database.db
      .transaction()
      .execute(async (tx) => {
        await recordChange(tx, ws.ctx, change("rolled-back"));
        throw new Error("the verb fails after recording its change");
      })
      .catch(() => undefined);
    await write(ws, "kept");
    await drain(follower);
    expect(follower.seen).toEqual(["kept"]);
    const kept = await seqOf("kept");
    if (h.services.dialect === "postgres") {
      // The rolled-back number is missing: the cursor waits before it, with the later event read.
      expect(await cursorOf(h.database.db, follower.name)).toEqual({ position: before?.position, ahead: [kept] });
      shiftClock(GAP_GRACE_MS + 1000);
      try {
        await drain(follower);
      } finally {
        shiftClock(-(GAP_GRACE_MS + 1000));
      }
    }
    // SQLite numbers the next event where the rolled-back one was: there is no gap.
    expect(await cursorOf(h.database.db, follower.name)).toEqual({ position: kept, ahead: [] });
    expect(follower.seen).toEqual(["kept"]);
  });

  it("are listed in start/followers.ts, each with a cursor of its own", () => {
    const names = FOLLOWERS.map(({ follower }) => follower.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(["webhooks", "integrations", "duplicate-checks"]));
  });
});
