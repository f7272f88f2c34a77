import { describe, expect, it } from "vitest";
import { useHarness } from "../../../../test/support/harness.js";

const h = useHarness();

type Status = { id: string; name: string; category: string; isDefault: boolean; position: number };

describe("statuses", () => {
  it("creates at the end, moves the default, and never leaves the workspace without one", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const created = await h.call("POST", "/v1/statuses", { key, json: { name: "Needs info", category: "open", color: "#aabbcc" } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Needs info", category: "open", color: "#aabbcc", position: 6, isDefault: false });
    expect((await h.call("POST", "/v1/statuses", { key, json: { name: "Needs info", category: "active" } })).status).toBe(409);

    const made = await h.call("PATCH", `/v1/statuses/${created.body.id}`, { key, json: { isDefault: true, category: "active" } });
    expect(made.body).toMatchObject({ isDefault: true, category: "active" });
    const all: Status[] = (await h.call("GET", "/v1/statuses", { key })).body.data;
    expect(all.filter((s) => s.isDefault).map((s) => s.id)).toEqual([created.body.id]);
    const unset = await h.call("PATCH", `/v1/statuses/${created.body.id}`, { key, json: { isDefault: false } });
    expect(unset.status).toBe(409);

    const post = await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Gets the new default" } });
    expect(post.body.status).toMatchObject({ id: created.body.id, name: "Needs info", category: "active" });
  });

  it("reorders only with every status listed once", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const ids: string[] = (await h.call("GET", "/v1/statuses", { key })).body.data.map((s: Status) => s.id);
    const reversed = [...ids].reverse();
    const res = await h.call("POST", "/v1/statuses/reorder", { key, json: { ids: reversed } });
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: Status) => [s.id, s.position])).toEqual(reversed.map((id, i) => [id, i]));
    expect((await h.call("GET", "/v1/statuses", { key })).body.data.map((s: Status) => s.id)).toEqual(reversed);
    for (const bad of [ids.slice(1), [...ids, ids[0]], [...ids.slice(1), "sts_01aaaaaaaaaaaaaaaaaaaaaaaa"]]) {
      const refused = await h.call("POST", "/v1/statuses/reorder", { key, json: { ids: bad } });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].pointer).toBe("/ids");
    }
    const other = await h.workspace();
    const foreign = (await h.call("GET", "/v1/statuses", { key: await other.key() })).body.data.map((s: Status) => s.id);
    expect((await h.call("POST", "/v1/statuses/reorder", { key, json: { ids: foreign } })).status).toBe(400);
    expect((await h.call("GET", "/v1/statuses", { key })).body.data.map((s: Status) => s.id)).toEqual(reversed);
  });

  it("refuses to delete a status in use or the default, and changes nothing", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const statuses: Status[] = (await h.call("GET", "/v1/statuses", { key })).body.data;
    const planned = statuses.find((s) => s.name === "Planned")!;
    const open = statuses.find((s) => s.isDefault)!;
    const post = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Planned work", statusId: planned.id } })).body;
    await h.call("DELETE", `/v1/posts/${post.id}`, { key }); // deleted posts still hold their status

    const inUse = await h.call("DELETE", `/v1/statuses/${planned.id}`, { key });
    expect(inUse.status).toBe(409);
    expect(inUse.body.posts).toBe(1);
    expect((await h.call("DELETE", `/v1/statuses/${open.id}`, { key })).status).toBe(409);
    expect((await h.call("GET", "/v1/statuses", { key })).body.data).toEqual(statuses);

    const closed = statuses.find((s) => s.name === "Closed")!;
    expect((await h.call("DELETE", `/v1/statuses/${closed.id}`, { key })).status).toBe(204);
    expect((await h.call("GET", "/v1/statuses", { key })).body.data).toHaveLength(5);
  });

  it("answers 409, never 500, when concurrent writes race for one name or slug", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const statuses = await Promise.all(Array.from({ length: 10 }, () => h.call("POST", "/v1/statuses", { key, json: { name: "Racing", category: "open" } })));
    expect(statuses.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    const boards = await Promise.all(Array.from({ length: 10 }, () => h.call("POST", "/v1/boards", { key, json: { name: "Racing board" } })));
    expect(boards.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
  });

  it("answers 409, never 500, to the racing writes when each carries an Idempotency-Key", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const racing = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        h.call("POST", "/v1/boards", { key, json: { name: "Keyed racing board" }, headers: { "idempotency-key": `race-${i}` } }),
      ),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    // A remembered 409 replays as a 409.
    const loser = racing.findIndex((r) => r.status === 409);
    const replay = await h.call("POST", "/v1/boards", { key, json: { name: "Keyed racing board" }, headers: { "idempotency-key": `race-${loser}` } });
    expect(replay.status).toBe(409);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
  });
});
