import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { bulkJobPass } from "../../bulk/index.js";
import { notificationsFollower } from "../index.js";
import { type Follower, followOnce } from "../../../platform/changes/follow.js";
import { useHarness, type TestWorkspace } from "../../../../test/support/harness.js";

// The notifications' follower against a writer that takes back what a batch of its may be writing
// at that very moment: a bulk change undone, a person erased. PostgreSQL runs the two at once; each
// test holds a batch open after it wrote, starts the other writer, and lets the batch commit once
// that writer waits for it (or has finished without waiting, which is the fault these tests catch).
// SQLite writes one transaction at a time, so there the two cannot overlap.

const h = useHarness();

async function follow(): Promise<void> {
  while ((await followOnce(h.services, notificationsFollower)) > 0);
}

/** The notifications' follower, its batch held open after it wrote until `release` is called. */
function heldBatch() {
  let release!: () => void;
  const open = new Promise<void>((resolve) => (release = resolve));
  let wrote!: (pid: number) => void;
  const written = new Promise<number>((resolve) => (wrote = resolve));
  const follower: Follower = {
    ...notificationsFollower,
    async handle(tx, events, services) {
      await notificationsFollower.handle(tx, events, services);
      wrote((await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(tx)).rows[0]!.pid);
      await open;
    },
  };
  return { follower, written, release };
}

/** Resolves once some session waits for the one with this pid to end its transaction. */
async function someoneWaitsFor(pid: number): Promise<void> {
  for (;;) {
    const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where ${pid} = any(pg_blocking_pids(pid))`.execute(h.database.db);
    if (waiting.rows[0]!.n > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Runs `writer` while a batch that has written is held open; the batch commits once the writer waits for it or is done. */
async function againstHeldBatch(writer: () => Promise<unknown>): Promise<void> {
  const batch = heldBatch();
  const following = followOnce(h.services, batch.follower);
  const pid = await batch.written;
  const writing = writer();
  await Promise.race([writing, someoneWaitsFor(pid)]);
  batch.release();
  await Promise.all([following, writing]);
  await follow();
}

async function eventsOf(ws: TestWorkspace, kind: string): Promise<{ data: string }[]> {
  return h.database.db.selectFrom("notification_events").select("data").where("workspace_id", "=", ws.id).where("kind", "=", kind).execute();
}

describe("the notifications' follower, against writers at the same moment", () => {
  it("tells nobody of a bulk change undone while a batch was telling it", async () => {
    if (h.services.dialect !== "postgres") return;
    const ws = await h.workspace();
    const key = await ws.key();
    const boardId = await ws.boardId();
    const statuses = (await h.call("GET", "/v1/statuses", { key })).body.data as { id: string; name: string }[];
    const planned = statuses.find((s) => s.name === "Planned")!.id;
    for (let i = 0; i < 3; i++) await h.call("POST", "/v1/posts", { key, json: { boardId, title: `Racing idea ${i}` } });
    await follow();
    const made = await h.call("POST", "/v1/posts/bulk", { key, json: { filters: { q: "racing" }, action: { kind: "status", statusId: planned } } });
    expect(made.status, JSON.stringify(made.body)).toBe(202);
    await bulkJobPass(h.services, 60_000);

    await againstHeldBatch(async () => {
      expect((await h.call("POST", `/v1/bulk-jobs/${made.body.id}/undo`, { key })).status).toBe(202);
      await bulkJobPass(h.services, 60_000);
    });
    expect((await h.call("GET", `/v1/bulk-jobs/${made.body.id}`, { key })).body).toMatchObject({ state: "undone", undone: 3 });
    expect(await eventsOf(ws, "post_status")).toEqual([]);
  });

  it("keeps no name of a person erased while a batch was writing it", async () => {
    if (h.services.dialect !== "postgres") return;
    const ws = await h.workspace();
    const key = await ws.key();
    const boardId = await ws.boardId();
    const user = await h.call("POST", "/v1/users", { key, json: { externalId: "racer-1", name: "Rosalind Racer", email: "rosalind@example.com" } });
    await follow();
    await h.call("POST", "/v1/posts", { key, json: { boardId, title: "Idea of a person about to leave", authorId: user.body.id } });

    await againstHeldBatch(async () => expect((await h.call("POST", `/v1/users/${user.body.id}/erase`, { key })).status).toBe(200));
    const created = await eventsOf(ws, "post_created");
    expect(created).toHaveLength(1);
    expect(created[0]!.data).not.toContain("Rosalind");
  });
});
