import { describe, expect, it } from "vitest";
import { bulkJobPass } from "../index.js";
import { notificationsFollower } from "../../notifications/index.js";
import { followOnce } from "../../../platform/changes/follow.js";
import { useHarness, type TestWorkspace } from "../../../../test/support/harness.js";

// "Select all N matching", on both databases: a job changes every post its filters matched when it
// was made, each through the verb a single change uses (one audit row, one webhook event and one
// notification event per post changed, none for a post already so), and an undo puts back what it
// changed (not what someone changed since), telling webhooks but nobody else.

const h = useHarness();

async function world(ws: TestWorkspace) {
  const key = await ws.key();
  const boardId = await ws.boardId();
  const statuses = (await h.call("GET", "/v1/statuses", { key })).body.data as { id: string; name: string }[];
  const status = (name: string) => statuses.find((s) => s.name === name)!.id;
  const post = async (title: string, extra: Record<string, unknown> = {}) =>
    (await h.call("POST", "/v1/posts", { key, json: { boardId, title, ...extra } })).body.id as string;
  const start = async (filters: Record<string, unknown>, action: Record<string, unknown>) => {
    const res = await h.call("POST", "/v1/posts/bulk", { key, json: { filters, action } });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    return res.body as { id: string; total: number; state: string };
  };
  const job = async (id: string) => (await h.call("GET", `/v1/bulk-jobs/${id}`, { key })).body;
  const run = () => bulkJobPass(h.services, 60_000);
  /** The notifications' follower reads the outbox to its end: what the changes told is written. */
  const follow = async () => {
    while ((await followOnce(h.services, notificationsFollower)) > 0);
  };
  const statusOf = async (id: string) => (await h.call("GET", `/v1/posts/${id}`, { key })).body.status.name as string;
  const count = async (table: "audit_log" | "outbox" | "notification_events", column: "action" | "type" | "kind", value: string) => {
    if (table === "notification_events") await follow();
    return Number(
      (
        await h.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("workspace_id", "=", ws.id)
          .where(column as never, "=", value as never)
          .executeTakeFirstOrThrow()
      ).n,
    );
  };
  return { key, boardId, status, post, start, job, run, statusOf, count };
}

describe("bulk jobs", () => {
  it("changes every matching post once, through the single-change path, and no post written later", async () => {
    const ws = await h.workspace();
    const w = await world(ws);
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) ids.push(await w.post(`Billing idea ${i}`));
    const already = await w.post("Billing, planned already", { statusId: w.status("Planned") });
    await w.post("Something else");
    const made = await w.start({ q: "billing" }, { kind: "status", statusId: w.status("Planned") });
    expect(made).toMatchObject({ total: 61, state: "queued" });
    const later = await w.post("Billing idea written after");
    const auditBefore = await w.count("audit_log", "action", "post.status_changed");

    await w.run();
    expect(await w.job(made.id)).toMatchObject({ state: "done", total: 61, done: 61, changed: 60, undone: 0, finishedAt: expect.any(String) });
    for (const id of [...ids.slice(0, 3), already]) expect(await w.statusOf(id)).toBe("Planned");
    expect(await w.statusOf(later)).toBe("Open");
    // Once per post changed: an audit row, a webhook event and a notification event each.
    expect((await w.count("audit_log", "action", "post.status_changed")) - auditBefore).toBe(60);
    expect(await w.count("outbox", "type", "post.status_changed")).toBe(60);
    expect(await w.count("notification_events", "kind", "post_status")).toBe(60);
    expect(await w.count("audit_log", "action", "bulk_job.created")).toBe(1);
  });

  it("undoes what it changed, leaves a post changed since, tells webhooks and withdraws the notifications", async () => {
    const ws = await h.workspace();
    const w = await world(ws);
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push(await w.post(`Export idea ${i}`));
    const made = await w.start({ q: "export" }, { kind: "status", statusId: w.status("Planned") });
    await w.run();
    // The notifications are written: the undo withdraws them.
    expect(await w.count("notification_events", "kind", "post_status")).toBe(8);
    // Someone moves one on after the job: their decision stays.
    await h.call("POST", `/v1/posts/${ids[0]}/status`, { key: w.key, json: { statusId: w.status("In progress") } });

    const undo = await h.call("POST", `/v1/bulk-jobs/${made.id}/undo`, { key: w.key });
    expect(undo.status).toBe(202);
    expect(undo.body.state).toBe("undoing");
    await w.run();
    expect(await w.job(made.id)).toMatchObject({ state: "undone", changed: 8, undone: 7, undoneAt: expect.any(String) });
    expect(await w.statusOf(ids[0]!)).toBe("In progress");
    for (const id of ids.slice(1)) expect(await w.statusOf(id)).toBe("Open");
    // Webhooks follow the data: 8 changes, 1 by hand, 7 put back.
    expect(await w.count("outbox", "type", "post.status_changed")).toBe(16);
    // Nobody is told of the undone change nor of its undoing: only the change by hand is left.
    expect(await w.count("notification_events", "kind", "post_status")).toBe(1);
    expect((await h.call("POST", `/v1/bulk-jobs/${made.id}/undo`, { key: w.key })).status).toBe(409);
  });

  it("withdraws the notifications of an undone change before they are written", async () => {
    const ws = await h.workspace();
    const w = await world(ws);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(await w.post(`Import idea ${i}`));
    const made = await w.start({ q: "import" }, { kind: "status", statusId: w.status("Planned") });
    await w.run();
    // Undone before the notifications' follower read the change: it passes the change by.
    expect((await h.call("POST", `/v1/bulk-jobs/${made.id}/undo`, { key: w.key })).status).toBe(202);
    await w.run();
    expect(await w.job(made.id)).toMatchObject({ state: "undone", changed: 3, undone: 3 });
    expect(await w.count("outbox", "type", "post.status_changed")).toBe(6);
    expect(await w.count("notification_events", "kind", "post_status")).toBe(0);
  });

  it("adds and removes tags, moves boards and assigns owners, each undone", async () => {
    const ws = await h.workspace();
    const w = await world(ws);
    const tag = (await h.call("POST", "/v1/tags", { key: w.key, json: { name: "enterprise" } })).body.id;
    const board = (await h.call("POST", "/v1/boards", { key: w.key, json: { name: "Mobile" } })).body.id;
    const [a, b] = [await w.post("Sync contacts"), await w.post("Sync calendar", { tagIds: [tag] })];
    const read = async (id: string) => (await h.call("GET", `/v1/posts/${id}`, { key: w.key })).body;
    for (const action of [
      { kind: "tag", tagId: tag },
      { kind: "board", boardId: board },
      { kind: "untag", tagId: tag },
    ]) {
      const before = [await read(a), await read(b)];
      const made = await w.start({ q: "sync" }, action);
      await w.run();
      const after = [await read(a), await read(b)];
      if (action.kind === "tag") expect(after.map((p) => p.tags.length)).toEqual([1, 1]);
      if (action.kind === "board") expect(after.map((p) => p.boardId)).toEqual([board, board]);
      if (action.kind === "untag") expect(after.map((p) => p.tags.length)).toEqual([0, 0]);
      await h.call("POST", `/v1/bulk-jobs/${made.id}/undo`, { key: w.key });
      await w.run();
      const undone = [await read(a), await read(b)];
      expect(undone.map((p) => [p.boardId, p.tags])).toEqual(before.map((p) => [p.boardId, p.tags]));
      // Leave the change applied for the next action.
      await w.start({ q: "sync" }, action);
      await w.run();
    }
  });

  it("refuses what names another workspace's objects, and stops a running job for its undo", async () => {
    const ws = await h.workspace();
    const w = await world(ws);
    const other = await world(await h.workspace());
    const refused = await h.call("POST", "/v1/posts/bulk", {
      key: w.key,
      json: { filters: {}, action: { kind: "status", statusId: other.status("Planned") } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].pointer).toBe("/action/statusId");
    expect(
      (await h.call("POST", "/v1/posts/bulk", { key: w.key, json: { filters: { sort: "votes" }, action: { kind: "owner", ownerId: null } } })).status,
    ).toBe(400);
    expect((await h.call("GET", `/v1/bulk-jobs/${(await other.start({}, { kind: "owner", ownerId: null })).id}`, { key: w.key })).status).toBe(404);
    // A filter naming another workspace's board, status or tag would match nothing: refused at its field.
    const otherTag = (await h.call("POST", "/v1/tags", { key: other.key, json: { name: "theirs" } })).body.id as string;
    for (const [field, id] of [
      ["boardId", other.boardId],
      ["status", other.status("Open")],
      ["tag", otherTag],
    ] as const) {
      const res = await h.call("POST", "/v1/posts/bulk", { key: w.key, json: { filters: { [field]: id }, action: { kind: "owner", ownerId: null } } });
      expect([res.status, res.body.errors?.[0]?.pointer, res.body.errors?.[0]?.code], field).toEqual([400, `/filters/${field}`, "unknown_reference"]);
    }
    expect(
      (await h.call("POST", "/v1/posts/bulk", { key: w.key, json: { filters: { status: "open" }, action: { kind: "owner", ownerId: null } } })).status,
    ).toBe(202);

    for (let i = 0; i < 120; i++) await w.post(`Roadmap idea ${i}`);
    const made = await w.start({ q: "roadmap" }, { kind: "status", statusId: w.status("Planned") });
    // One batch, then the undo: the job stops where it was and puts back only what it changed.
    const { runBulkJobBatch } = await import("../run.js");
    await runBulkJobBatch(h.services);
    const partway = await w.job(made.id);
    expect(partway.state).toBe("running");
    expect(partway.changed).toBeGreaterThan(0);
    expect(partway.changed).toBeLessThan(120);
    await h.call("POST", `/v1/bulk-jobs/${made.id}/undo`, { key: w.key });
    await w.run();
    const ended = await w.job(made.id);
    expect(ended).toMatchObject({ state: "undone", undone: partway.changed, done: partway.done });
    const planned = await h.call("GET", `/v1/posts?status=${w.status("Planned")}&limit=100`, { key: w.key });
    expect(planned.body.data).toEqual([]);
  });
});
