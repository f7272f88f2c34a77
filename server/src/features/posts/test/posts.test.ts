import { describe, expect, it } from "vitest";
import { useHarness } from "../../../../test/support/harness.js";

const h = useHarness();

describe("posts", () => {
  it("creates, reads, updates and deletes a post, with audit and outbox rows for each change", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const boardId = await ws.boardId();

    const created = await h.call("POST", "/v1/posts", { key, json: { boardId, title: "Dark mode", body: "Please **add** it." } });
    expect(created.status).toBe(201);
    const post = created.body;
    expect(post).toMatchObject({
      boardId,
      title: "Dark mode",
      body: "Please **add** it.",
      status: { name: "Open", category: "open" },
      tags: [],
      author: null,
      voteCount: 0,
      commentCount: 0,
      pinned: false,
      commentsLocked: false,
      mergedInto: null,
      url: `http://heed.test/p/${ws.slug}/posts/${post.id}`,
    });
    expect(post.id).toMatch(/^post_[0-9a-z]{26}$/);
    expect(created.headers.get("x-request-id")).toMatch(/^req_/);

    const read = await h.call("GET", `/v1/posts/${post.id}`, { key });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(post);

    const statuses = (await h.call("GET", "/v1/statuses", { key })).body.data;
    const planned = statuses.find((s: { name: string }) => s.name === "Planned");
    const updated = await h.call("PATCH", `/v1/posts/${post.id}`, {
      key,
      json: { title: "Dark mode everywhere", statusId: planned.id, pinned: true, eta: "2027-03-01" },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ title: "Dark mode everywhere", status: { id: planned.id, category: "active" }, pinned: true, eta: "2027-03-01" });
    expect(updated.body.updatedAt >= post.updatedAt).toBe(true);

    const deleted = await h.call("DELETE", `/v1/posts/${post.id}`, { key });
    expect(deleted.status).toBe(204);
    expect((await h.call("GET", `/v1/posts/${post.id}`, { key })).status).toBe(404);
    expect((await h.call("DELETE", `/v1/posts/${post.id}`, { key })).status).toBe(404);
    expect((await h.call("GET", "/v1/posts", { key })).body.data.map((p: { id: string }) => p.id)).not.toContain(post.id);

    const events = await h.database.db.selectFrom("outbox").select(["type", "data"]).where("workspace_id", "=", ws.id).orderBy("id").execute();
    expect(events.map((e) => e.type)).toEqual(["post.created", "post.updated", "post.status_changed", "post.deleted"]);
    expect(JSON.parse(events[0]!.data)).toEqual(post);
    const audit = await h.database.db
      .selectFrom("audit_log")
      .select(["action", "actor_type", "actor_id", "request_id"])
      .where("workspace_id", "=", ws.id)
      .where("object_id", "=", post.id)
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["post.created", "post.updated", "post.status_changed", "post.deleted"]);
    expect(audit.every((a) => a.actor_type === "api_key" && a.actor_id?.startsWith("key_") && a.request_id)).toBe(true);
  });

  it("refuses references to objects that are not in the workspace, and writes nothing", async () => {
    const ws = await h.workspace();
    const other = await h.workspace();
    const key = await ws.key();
    const foreignBoard = await other.boardId();

    const res = await h.call("POST", "/v1/posts", { key, json: { boardId: foreignBoard, title: "Sneaky" } });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    expect(res.body.errors).toEqual([{ pointer: "/boardId", code: "unknown_reference", detail: expect.stringContaining("No board") }]);

    const badStatus = await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "x", statusId: "sts_nope" } });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.errors[0].pointer).toBe("/statusId");

    const count = await h.database.db
      .selectFrom("posts")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("workspace_id", "in", [ws.id, other.id])
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
    const events = await h.database.db.selectFrom("outbox").select("id").where("workspace_id", "=", ws.id).execute();
    expect(events).toEqual([]);
  });

  it("refuses unknown body fields, naming each", async () => {
    const ws = await h.workspace();
    const res = await h.call("POST", "/v1/posts", {
      key: await ws.key(),
      json: { boardId: await ws.boardId(), title: "t", titel: "typo", votes: 5 },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { pointer: "/titel", code: "unknown_field", detail: "Unknown field." },
      { pointer: "/votes", code: "unknown_field", detail: "Unknown field." },
    ]);
  });

  it("searches title and body for any word, ranks by relevance, and follows edits", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const boardId = await ws.boardId();
    const make = async (title: string, body = "") => (await h.call("POST", "/v1/posts", { key, json: { boardId, title, body } })).body.id;
    const exports = await make("CSV exports for reports", "We need spreadsheets.");
    const invoices = await make("Recurring invoices", "Export them monthly as PDF.");
    await make("Dark mode");

    const search = async (q: string) =>
      (await h.call("GET", `/v1/posts?q=${encodeURIComponent(q)}&sort=oldest`, { key })).body.data.map((p: { id: string }) => p.id);
    expect(await search("export")).toEqual([exports, invoices]);
    expect(await search("EXPORT pdf")).toEqual([exports, invoices]);
    const ranked = (await h.call("GET", `/v1/posts?q=${encodeURIComponent("EXPORT pdf")}`, { key })).body.data.map((p: { id: string }) => p.id);
    expect(ranked).toEqual([invoices, exports]);
    expect(await search("spreadsheet")).toEqual([exports]);
    expect(await search("rÉports")).toEqual([exports]);
    expect(await search("nothing-like-this")).toEqual([]);
    expect(await search("!!!")).toEqual([]);

    await h.call("PATCH", `/v1/posts/${exports}`, { key, json: { title: "Excel downloads", body: "" } });
    expect(await search("csv")).toEqual([]);
    expect(await search("excel")).toEqual([exports]);
  });

  it("filters by board, status (id or category), tag and author", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const db = h.database.db;
    const boardId = await ws.boardId();
    const { seedWorkspace } = await import("../../../cli/seed/bulk.js");
    await seedWorkspace(db, ws.ctx.workspace, { posts: 60, votes: 300, boards: 3, seed: 7 });

    const all = await db.selectFrom("posts").selectAll().where("workspace_id", "=", ws.id).execute();
    const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();
    const list = async (query: string) => {
      const res = await h.call("GET", `/v1/posts?limit=100&${query}`, { key });
      expect(res.status).toBe(200);
      return ids(res.body.data);
    };

    expect(await list(`boardId=${boardId}`)).toEqual(ids(all.filter((p) => p.board_id === boardId)));
    const statuses = await db.selectFrom("statuses").selectAll().where("workspace_id", "=", ws.id).execute();
    const planned = statuses.find((s) => s.name === "Planned")!;
    expect(await list(`status=${planned.id}`)).toEqual(ids(all.filter((p) => p.status_id === planned.id)));
    const openIds = new Set(statuses.filter((s) => s.category === "open").map((s) => s.id));
    expect(await list("status=open")).toEqual(ids(all.filter((p) => openIds.has(p.status_id))));

    const tagged = await db.selectFrom("post_tags").selectAll().where("workspace_id", "=", ws.id).execute();
    const tag = tagged[0]!.tag_id;
    expect(await list(`tag=${tag}`)).toEqual(
      tagged
        .filter((t) => t.tag_id === tag)
        .map((t) => t.post_id)
        .sort(),
    );

    const author = all[0]!.author_id!;
    expect(await list(`authorId=${author}`)).toEqual(ids(all.filter((p) => p.author_id === author)));
    expect(await list("status=sts_01jd8x4y2b3c5d6e7f8g9h0j1k")).toEqual([]);
  });
});
