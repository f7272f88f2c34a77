import { describe, expect, it } from "vitest";
import { shiftClock } from "../../../platform/lib/clock.js";
import { useHarness } from "../../../../test/support/harness.js";

// The trash, GET /v1/posts/deleted: deleted and rejected posts, the last deleted first, paged by
// keyset like every list, each restorable; another workspace's trash is never shown.

const h = useHarness();

describe("the trash of deleted posts", () => {
  it("lists deleted and rejected posts, the last deleted first, and drops one once restored", async () => {
    const ws = await h.workspace();
    const key = await ws.key(["posts:read", "posts:write"]);
    const boardId = await ws.boardId();
    const create = async (title: string) => (await h.call("POST", "/v1/posts", { key, json: { boardId, title } })).body.id as string;
    const [live, first, held, last] = [await create("Live"), await create("Deleted first"), await create("Rejected"), await create("Deleted last")];
    await h.database.db.updateTable("posts").set({ held: 1 }).where("id", "=", held).execute();

    expect((await h.call("DELETE", `/v1/posts/${first}`, { key })).status).toBe(204);
    shiftClock(1000);
    expect((await h.call("POST", "/v1/posts/moderate", { key, json: { ids: [held], decision: "reject" } })).status).toBe(200);
    shiftClock(1000);
    expect((await h.call("DELETE", `/v1/posts/${last}`, { key })).status).toBe(204);

    const trash = await h.call("GET", "/v1/posts/deleted", { key: await ws.key(["posts:read"]) });
    expect(trash.status).toBe(200);
    expect(trash.body.data.map((p: { id: string }) => p.id)).toEqual([last, held, first]);
    expect(trash.body.data.map((p: { rejected: boolean; heldForApproval: boolean }) => [p.rejected, p.heldForApproval])).toEqual([
      [false, false],
      [true, true],
      [false, false],
    ]);
    expect(trash.body.data[0]).toMatchObject({ title: "Deleted last", boardId, status: { category: "open" } });
    expect(trash.body.data[0].deletedAt > trash.body.data[1].deletedAt).toBe(true);
    expect(trash.body.nextCursor).toBeNull();
    expect(trash.body.data.map((p: { id: string }) => p.id)).not.toContain(live);

    // Restored: off the trash, back where it was (the rejected one in the queue again).
    expect((await h.call("POST", `/v1/posts/${held}/restore`, { key })).body.heldForApproval).toBe(true);
    expect((await h.call("GET", "/v1/posts/deleted", { key })).body.data.map((p: { id: string }) => p.id)).toEqual([last, first]);
    expect((await h.call("GET", "/v1/posts?held=true", { key })).body.data.map((p: { id: string }) => p.id)).toContain(held);
  });

  it("pages by keyset: every deleted post once, a cursor of another list refused", async () => {
    const ws = await h.workspace();
    const key = await ws.key(["posts:read", "posts:write"]);
    const boardId = await ws.boardId();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const id = (await h.call("POST", "/v1/posts", { key, json: { boardId, title: `Post ${i}` } })).body.id as string;
      ids.push(id);
    }
    // Two deleted in the same millisecond: the id breaks the tie.
    for (const id of ids.slice(0, 2)) await h.call("DELETE", `/v1/posts/${id}`, { key });
    shiftClock(1000);
    for (const id of ids.slice(2)) await h.call("DELETE", `/v1/posts/${id}`, { key });

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: { data: { id: string }[]; nextCursor: string | null } } = await h.call(
        "GET",
        `/v1/posts/deleted?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        { key },
      );
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((p) => p.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(5);
    expect(seen.slice(0, 3).sort()).toEqual(ids.slice(2).sort());

    const listCursor = (await h.call("GET", "/v1/posts?limit=1", { key: await ws.key(["posts:read"]) })).body.nextCursor;
    const mixed = await h.call("GET", `/v1/posts/deleted?cursor=${encodeURIComponent(listCursor ?? "x")}`, { key });
    expect(mixed.status).toBe(400);
  });

  it("shows a workspace its own trash only", async () => {
    const ours = await h.workspace();
    const theirs = await h.workspace();
    const theirKey = await theirs.key(["posts:read", "posts:write"]);
    const id = (await h.call("POST", "/v1/posts", { key: theirKey, json: { boardId: await theirs.boardId(), title: "Theirs" } })).body.id;
    await h.call("DELETE", `/v1/posts/${id}`, { key: theirKey });
    const ourTrash = await h.call("GET", "/v1/posts/deleted", { key: await ours.key(["posts:read"]) });
    expect(ourTrash.body.data).toEqual([]);
    // Nor may it restore another workspace's post.
    expect((await h.call("POST", `/v1/posts/${id}/restore`, { key: await ours.key(["posts:write"]) })).status).toBe(404);
  });
});
