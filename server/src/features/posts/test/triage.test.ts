import { describe, expect, it } from "vitest";
import { useHarness, type TestWorkspace } from "../../../../test/support/harness.js";
import { makeMembers } from "../../../../test/support/members.js";

// The inbox's triage views, on both databases: New (the team has not seen it), Unanswered (no
// public reply from the team), Stale (idle N days), and each member's saved views.

const h = useHarness();

async function world(ws: TestWorkspace) {
  const key = await ws.key();
  const boardId = await ws.boardId();
  const { userId } = await ws.identify("ann");
  const post = async (title: string, authorId?: string) => {
    const res = await h.call("POST", "/v1/posts", { key, json: { boardId, title, ...(authorId ? { authorId } : {}) } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };
  const ids = async (query: string) => {
    const res = await h.call("GET", `/v1/posts?limit=100&${query}`, { key });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data as { id: string }[]).map((p) => p.id).sort();
  };
  const comment = (postId: string, json: Record<string, unknown>) => h.call("POST", `/v1/posts/${postId}/comments`, { key, json });
  return { key, userId, post, ids, comment };
}

describe("triage views", () => {
  it("New: an end user's post until the team opens, changes or answers it; the team's own posts are seen", async () => {
    const ws = await h.workspace();
    const { key, userId, post, ids, comment } = await world(ws);
    const team = await post("Written by the team");
    const [opened, answered, moved, voted] = [
      await post("Opened", userId),
      await post("Answered", userId),
      await post("Moved", userId),
      await post("Voted", userId),
    ];
    const { token } = await ws.identify("bea");
    const portal = await h.call("POST", "/v1/portal/posts", { headers: ws.customer(token), json: { boardId: await ws.boardId(), title: "From the portal" } });
    expect(portal.status).toBe(201);
    expect(await ids("seen=false")).toEqual([opened, answered, moved, voted, portal.body.id].sort());
    expect((await h.call("GET", `/v1/posts/${team}`, { key })).body.seenAt).toEqual(expect.any(String));

    const marked = await h.call("POST", "/v1/posts/seen", { key, json: { ids: [opened, team] } });
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ marked: 1 });
    await comment(answered, { body: "Thanks, noted." });
    const statuses = (await h.call("GET", "/v1/statuses", { key })).body.data as { id: string; name: string }[];
    await h.call("POST", `/v1/posts/${moved}/status`, { key, json: { statusId: statuses.find((s) => s.name === "Planned")!.id } });
    await h.call("POST", `/v1/posts/${voted}/votes`, { key, json: { userId } });
    expect(await ids("seen=false")).toEqual([voted, portal.body.id].sort());
    expect(await ids("seen=true")).toEqual([team, opened, answered, moved].sort());
    // The first time stays.
    const first = (await h.call("GET", `/v1/posts/${opened}`, { key })).body.seenAt;
    await h.call("POST", "/v1/posts/seen", { key, json: { ids: [opened] } });
    expect((await h.call("GET", `/v1/posts/${opened}`, { key })).body.seenAt).toBe(first);

    const other = await world(await h.workspace());
    const foreign = await other.post("Someone else's", other.userId);
    const refused = await h.call("POST", "/v1/posts/seen", { key, json: { ids: [voted, foreign] } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].pointer).toBe("/ids/1");
    expect(await ids("seen=false")).toContain(voted);
    expect((await h.call("POST", "/v1/posts/seen", { key: await ws.key(["posts:read"]), json: { ids: [voted] } })).status).toBe(403);
  });

  it("Unanswered: no public reply from the team; an end user's comment or an internal note is none", async () => {
    const ws = await h.workspace();
    const { key, userId, post, ids, comment } = await world(ws);
    const [silent, customerOnly, noteOnly, byKey, byMember] = [
      await post("Silent"),
      await post("Customer only"),
      await post("Note only"),
      await post("Answered through a key"),
      await post("Answered by a member"),
    ];
    await comment(customerOnly, { body: "Me too", authorId: userId });
    await comment(noteOnly, { body: "Ask sales", internal: true });
    const reply = await comment(byKey, { body: "On our list." });
    const [memberId] = await makeMembers(h.database.db, ws.id, ["member"]);
    await comment(byMember, { body: "Shipped!", authorId: memberId });
    expect(await ids("unanswered=true")).toEqual([silent, customerOnly, noteOnly].sort());
    // A reply deleted is no answer.
    expect((await h.call("DELETE", `/v1/comments/${reply.body.id}`, { key })).status).toBe(204);
    expect(await ids("unanswered=true")).toEqual([silent, customerOnly, noteOnly, byKey].sort());
    expect((await h.call("GET", "/v1/posts?unanswered=false", { key })).status).toBe(400);
    // Assigned to me: a key is nobody's "me" (the dashboard's member session is, tested in the browser).
    const me = await h.call("GET", "/v1/posts?ownerId=me", { key });
    expect(me.status).toBe(400);
    expect(me.body.errors[0].pointer).toBe("/query/ownerId");
  });

  it("Stale: idle for N days, read fresh each time (time passes without a write)", async () => {
    const ws = await h.workspace();
    const { key, userId, post, ids } = await world(ws);
    const [idle, voted, fresh] = [await post("Idle"), await post("Voted on lately"), await post("Fresh")];
    const longAgo = new Date(Date.now() - 40 * 86_400_000).toISOString();
    const setActivity = (id: string, at: string) => h.database.db.updateTable("posts").set({ last_activity_at: at }).where("id", "=", id).execute();
    await setActivity(idle, longAgo);
    await setActivity(voted, longAgo);
    await h.call("POST", `/v1/posts/${voted}/votes`, { key, json: { userId } });
    expect(await ids("inactiveDays=30")).toEqual([idle]);
    expect(await ids("inactiveDays=30")).toEqual([idle]);
    // As if 40 days passed for another post: no write raised the version, and the list still knows.
    await setActivity(fresh, longAgo);
    expect(await ids("inactiveDays=30")).toEqual([idle, fresh].sort());
    expect((await h.call("GET", "/v1/posts?inactiveDays=0", { key })).status).toBe(400);
  });

  it("keeps each member's saved views to themselves, validated, in order, audited", async () => {
    const ws = await h.workspace();
    const [mine, theirs] = [await ws.key(["posts:read"]), await ws.key(["posts:read"])];
    expect((await h.call("GET", "/v1/saved-views", { key: mine })).body).toEqual({ data: [] });
    const views = [
      { name: "New and unanswered", filters: { seen: "false", unanswered: "true" } },
      { name: "Stale billing", filters: { inactiveDays: 30, q: "invoice", sort: "votes" } },
    ];
    const saved = await h.call("PUT", "/v1/saved-views", { key: mine, json: { data: views } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await h.call("GET", "/v1/saved-views", { key: mine })).body.data).toEqual(views);
    expect((await h.call("GET", "/v1/saved-views", { key: theirs })).body.data).toEqual([]);
    // Applied as they are: the filters are GET /posts's query.
    expect((await h.call("GET", "/v1/posts?seen=false&unanswered=true", { key: mine })).status).toBe(200);

    const bad = [
      { data: [{ name: "", filters: {} }] },
      { data: [{ name: "x", filters: { owner: "me" } }] },
      { data: [{ name: "x", filters: { inactiveDays: 0 } }] },
      { data: Array.from({ length: 31 }, (_, i) => ({ name: `v${i}`, filters: {} })) },
    ];
    for (const json of bad) expect((await h.call("PUT", "/v1/saved-views", { key: mine, json })).status, JSON.stringify(json)).toBe(400);
    expect((await h.call("GET", "/v1/saved-views", { key: mine })).body.data).toEqual(views);

    // A view naming another workspace's board would show nothing: refused at its field. One naming
    // this workspace's board is kept, and saving again still works once that board is deleted.
    const stranger = await h.workspace();
    const theirBoard = await stranger.boardId();
    const foreign = await h.call("PUT", "/v1/saved-views", { key: mine, json: { data: [...views, { name: "Theirs", filters: { boardId: theirBoard } }] } });
    expect([foreign.status, foreign.body.errors?.[0]?.pointer]).toEqual([400, "/data/2/filters/boardId"]);
    const admin = await ws.key();
    const board = (await h.call("POST", "/v1/boards", { key: admin, json: { name: "Billing" } })).body.id as string;
    const billing = { name: "Billing", filters: { boardId: board } };
    expect((await h.call("PUT", "/v1/saved-views", { key: mine, json: { data: [...views, billing] } })).status).toBe(200);
    expect((await h.call("DELETE", `/v1/boards/${board}`, { key: admin })).status).toBe(204);
    expect((await h.call("PUT", "/v1/saved-views", { key: mine, json: { data: [billing, ...views] } })).status).toBe(200);

    await h.call("PUT", "/v1/saved-views", { key: mine, json: { data: [views[1]] } });
    expect((await h.call("GET", "/v1/saved-views", { key: mine })).body.data).toEqual([views[1]]);
    const audit = await h.database.db
      .selectFrom("audit_log")
      .select("data")
      .where("workspace_id", "=", ws.id)
      .where("action", "=", "saved_views.replaced")
      .execute();
    expect(audit).toHaveLength(4);
  });
});
