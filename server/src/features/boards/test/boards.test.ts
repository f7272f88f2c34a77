import { describe, expect, it } from "vitest";
import { useHarness } from "../../../../test/support/harness.js";

const h = useHarness();

describe("boards", () => {
  it("creates with a slug from the name, refuses a taken slug, updates and reads", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const created = await h.call("POST", "/v1/boards", { key, json: { name: "Mobile App — Ideas!", visibility: "private" } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ slug: "mobile-app-ideas", name: "Mobile App — Ideas!", visibility: "private", description: "" });
    const taken = await h.call("POST", "/v1/boards", { key, json: { name: "Other", slug: "mobile-app-ideas" } });
    expect(taken.status).toBe(409);
    expect((await h.call("POST", "/v1/boards", { key, json: { name: "Mobile app ideas" } })).status).toBe(409);
    const badSlug = await h.call("POST", "/v1/boards", { key, json: { name: "x", slug: "Not A Slug" } });
    expect(badSlug.status).toBe(400);

    const updated = await h.call("PATCH", `/v1/boards/${created.body.id}`, { key, json: { description: "Phones", visibility: "public" } });
    expect(updated.body).toMatchObject({ slug: "mobile-app-ideas", description: "Phones", visibility: "public" });
    expect((await h.call("PATCH", `/v1/boards/${created.body.id}`, { key, json: { slug: "feature-requests" } })).status).toBe(409);
    expect((await h.call("GET", `/v1/boards/${created.body.id}`, { key })).body).toEqual(updated.body);
    const list = (await h.call("GET", "/v1/boards", { key })).body.data.map((b: { slug: string }) => b.slug);
    expect(list).toEqual(["feature-requests", "mobile-app-ideas"]);

    const events = await h.database.db.selectFrom("outbox").select("type").where("workspace_id", "=", ws.id).orderBy("id").execute();
    expect(events.map((e) => e.type)).toEqual(["board.created", "board.updated"]);
  });

  it("refuses to delete a board that holds posts, unless they move, and then moves them all", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const from = (await h.call("POST", "/v1/boards", { key, json: { name: "Old" } })).body.id;
    const to = await ws.boardId();
    const posts = [];
    for (let i = 0; i < 3; i++) posts.push((await h.call("POST", "/v1/posts", { key, json: { boardId: from, title: `P${i}` } })).body.id);
    await h.call("DELETE", `/v1/posts/${posts[0]}`, { key }); // a deleted post still belongs to the board

    const refused = await h.call("DELETE", `/v1/boards/${from}`, { key });
    expect(refused.status).toBe(409);
    expect(refused.body.posts).toBe(3);
    expect((await h.call("GET", `/v1/boards/${from}`, { key })).status).toBe(200);
    expect((await h.call("DELETE", `/v1/boards/${from}?movePostsTo=${from}`, { key })).status).toBe(400);
    expect((await h.call("DELETE", `/v1/boards/${from}?movePostsTo=brd_01aaaaaaaaaaaaaaaaaaaaaaaa`, { key })).status).toBe(400);

    expect((await h.call("DELETE", `/v1/boards/${from}?movePostsTo=${to}`, { key })).status).toBe(204);
    expect((await h.call("GET", `/v1/boards/${from}`, { key })).status).toBe(404);
    const moved = await h.database.db.selectFrom("posts").select("board_id").where("id", "in", posts).execute();
    expect(moved.every((p) => p.board_id === to)).toBe(true);
    expect((await h.call("GET", `/v1/posts/${posts[1]}`, { key })).body.boardId).toBe(to);

    const empty = (await h.call("POST", "/v1/boards", { key, json: { name: "Empty" } })).body.id;
    expect((await h.call("DELETE", `/v1/boards/${empty}`, { key })).status).toBe(204);
  });

  it("keeps the team's order: new boards last, reordered only with every board listed once, pages by it", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    for (const name of ["B", "C", "D"]) await h.call("POST", "/v1/boards", { key, json: { name } });
    type Board = { id: string; name: string; position: number };
    const list = async (query = "") => (await h.call("GET", `/v1/boards${query}`, { key })).body;
    const ids: string[] = (await list()).data.map((b: Board) => b.id);
    expect((await list()).data.map((b: Board) => [b.name, b.position])).toEqual([
      ["Feature requests", 0],
      ["B", 1],
      ["C", 2],
      ["D", 3],
    ]);
    const reversed = [...ids].reverse();
    const res = await h.call("POST", "/v1/boards/reorder", { key, json: { ids: reversed } });
    expect(res.status).toBe(200);
    expect(res.body.data.map((b: Board) => [b.id, b.position])).toEqual(reversed.map((id, i) => [id, i]));
    // Paged by the order, two at a time, none skipped or repeated.
    const first = await list("?limit=2");
    const second = await list(`?limit=2&cursor=${encodeURIComponent(first.nextCursor)}`);
    expect([...first.data, ...second.data].map((b: Board) => b.id)).toEqual(reversed);
    for (const bad of [ids.slice(1), [...ids, ids[0]], [...ids.slice(1), "brd_01aaaaaaaaaaaaaaaaaaaaaaaa"]]) {
      const refused = await h.call("POST", "/v1/boards/reorder", { key, json: { ids: bad } });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].pointer).toBe("/ids");
    }
    const readOnly = await ws.key(["boards:read"]);
    expect((await h.call("POST", "/v1/boards/reorder", { key: readOnly, json: { ids } })).status).toBe(403);
    expect((await list()).data.map((b: Board) => b.id)).toEqual(reversed);
    const audit = await h.call("GET", "/v1/audit-log?action=board.reordered", { key });
    expect(audit.body.data).toHaveLength(1);
  });
});
