import { describe, expect, it } from "vitest";
import { makeUsers } from "../../../../test/support/users.js";
import { useHarness, type TestWorkspace } from "../../../../test/support/harness.js";

const h = useHarness();

interface Scene {
  ws: TestWorkspace;
  key: string;
  canonical: string;
  duplicate: string;
  users: string[];
}

/** u0,u1 voted on the canonical post; u1,u2,u3 on the duplicate (u1 on both). */
async function scene(): Promise<Scene> {
  const ws = await h.workspace();
  const key = await ws.key();
  const boardId = await ws.boardId();
  const canonical = (await h.call("POST", "/v1/posts", { key, json: { boardId, title: "Dark mode" } })).body.id;
  const duplicate = (await h.call("POST", "/v1/posts", { key, json: { boardId, title: "Night theme please" } })).body.id;
  const users = await makeUsers(h.database.db, ws.id, 4);
  for (const u of [users[0], users[1]]) await h.call("POST", `/v1/posts/${canonical}/votes`, { key, json: { userId: u } });
  for (const u of [users[1], users[2], users[3]]) await h.call("POST", `/v1/posts/${duplicate}/votes`, { key, json: { userId: u } });
  await h.call("POST", `/v1/posts/${canonical}/comments`, { key, json: { body: "Yes please" } });
  await h.call("POST", `/v1/posts/${duplicate}/comments`, { key, json: { body: "Same here" } });
  await h.call("POST", `/v1/posts/${duplicate}/comments`, { key, json: { body: "+1" } });
  await h.call("POST", `/v1/posts/${duplicate}/comments`, { key, json: { body: "Dup of dark mode", internal: true } });
  return { ws, key, canonical, duplicate, users };
}

async function snapshot(s: Scene) {
  const db = h.database.db;
  const posts = await db
    .selectFrom("posts")
    .select(["id", "vote_count", "trending_count", "comment_count", "merged_into_id"])
    .where("id", "in", [s.canonical, s.duplicate])
    .orderBy("id")
    .execute();
  const votes = await db
    .selectFrom("votes")
    .select(["post_id", "user_id", "created_at"])
    .where("post_id", "in", [s.canonical, s.duplicate])
    .orderBy("post_id")
    .orderBy("user_id")
    .execute();
  const comments = await db.selectFrom("comments").select(["id", "post_id"]).where("workspace_id", "=", s.ws.id).orderBy("id").execute();
  return { posts, votes, comments };
}

const voters = async (s: Scene, postId: string) =>
  (await h.call("GET", `/v1/posts/${postId}/votes?limit=100`, { key: s.key })).body.data.map((v: { userId: string }) => v.userId).sort();

describe("merging posts", () => {
  it("pools votes without double counting, moves comments, and unmerge restores every count exactly", async () => {
    const s = await scene();
    const before = await snapshot(s);

    const merged = await h.call("POST", `/v1/posts/${s.duplicate}/merge`, { key: s.key, json: { into: s.canonical } });
    expect(merged.status).toBe(200);
    expect(merged.body.into).toMatchObject({ id: s.canonical, voteCount: 4, commentCount: 3 });
    expect(merged.body.post).toMatchObject({ id: s.duplicate, mergedInto: s.canonical, voteCount: 1, commentCount: 0 });
    expect(await voters(s, s.canonical)).toEqual([...s.users].sort());
    expect(await voters(s, s.duplicate)).toEqual([s.users[1]]);
    expect((await h.call("GET", "/v1/posts", { key: s.key })).body.data.map((p: { id: string }) => p.id)).toEqual([s.canonical]);
    expect((await h.call("GET", `/v1/posts/${s.duplicate}`, { key: s.key })).body.mergedInto).toBe(s.canonical);
    expect((await h.call("GET", `/v1/posts/${s.canonical}/comments`, { key: s.key })).body.data).toHaveLength(4);
    // A user whose vote moved cannot vote twice; nobody can vote on the duplicate.
    expect((await h.call("POST", `/v1/posts/${s.canonical}/votes`, { key: s.key, json: { userId: s.users[2] } })).status).toBe(200);
    expect((await h.call("POST", `/v1/posts/${s.duplicate}/votes`, { key: s.key, json: { userId: s.users[0] } })).status).toBe(409);

    const unmerged = await h.call("POST", `/v1/posts/${s.duplicate}/unmerge`, { key: s.key });
    expect(unmerged.status).toBe(200);
    expect(unmerged.body.post).toMatchObject({ mergedInto: null, voteCount: 3, commentCount: 2 });
    expect(unmerged.body.from).toMatchObject({ voteCount: 2, commentCount: 1 });
    expect(await snapshot(s)).toEqual(before);

    const events = await h.database.db
      .selectFrom("outbox")
      .select(["type", "data"])
      .where("workspace_id", "=", s.ws.id)
      .where("type", "=", "post.merged")
      .execute();
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.data).moved).toEqual({ votes: 2, comments: 3 });
  });

  it("after a vote is withdrawn from the canonical post, unmerge returns the rest", async () => {
    const s = await scene();
    await h.call("POST", `/v1/posts/${s.duplicate}/merge`, { key: s.key, json: { into: s.canonical } });
    expect((await h.call("DELETE", `/v1/posts/${s.canonical}/votes/${s.users[2]}`, { key: s.key })).status).toBe(204);
    const unmerged = await h.call("POST", `/v1/posts/${s.duplicate}/unmerge`, { key: s.key });
    expect(unmerged.body.post.voteCount).toBe(2);
    expect(await voters(s, s.duplicate)).toEqual([s.users[1], s.users[3]].sort());
    expect(await voters(s, s.canonical)).toEqual([s.users[0], s.users[1]].sort());
  });

  it("refuses merging into itself, into a merged post, twice, and unmerging what is not merged", async () => {
    const s = await scene();
    const third = (await h.call("POST", "/v1/posts", { key: s.key, json: { boardId: await s.ws.boardId(), title: "Third" } })).body.id;
    const self = await h.call("POST", `/v1/posts/${s.duplicate}/merge`, { key: s.key, json: { into: s.duplicate } });
    expect(self.status).toBe(400);
    expect(self.body.errors[0].pointer).toBe("/into");
    const other = await h.workspace();
    const foreign = (await h.call("POST", "/v1/posts", { key: await other.key(), json: { boardId: await other.boardId(), title: "Theirs" } })).body.id;
    const cross = await h.call("POST", `/v1/posts/${s.duplicate}/merge`, { key: s.key, json: { into: foreign } });
    expect(cross.status).toBe(400);
    expect(cross.body.errors[0].pointer).toBe("/into");
    expect((await h.call("POST", `/v1/posts/${s.duplicate}/unmerge`, { key: s.key })).status).toBe(409);

    await h.call("POST", `/v1/posts/${s.duplicate}/merge`, { key: s.key, json: { into: s.canonical } });
    expect((await h.call("POST", `/v1/posts/${s.duplicate}/merge`, { key: s.key, json: { into: third } })).status).toBe(409);
    const intoMerged = await h.call("POST", `/v1/posts/${third}/merge`, { key: s.key, json: { into: s.duplicate } });
    expect(intoMerged.status).toBe(409);
    expect(intoMerged.body.mergedInto).toBe(s.canonical);
    expect((await h.call("POST", `/v1/posts/${s.canonical}/merge`, { key: s.key, json: { into: third } })).status).toBe(409);
  });
  it("lists what was merged into a post, page by page, until it is unmerged or deleted", async () => {
    const s = await scene();
    const boardId = await s.ws.boardId();
    const third = (await h.call("POST", "/v1/posts", { key: s.key, json: { boardId, title: "Black background" } })).body.id;
    const merged = (id: string, query = "") => h.call("GET", `/v1/posts/${id}/merged${query}`, { key: s.key });
    expect((await merged(s.canonical)).body).toEqual({ data: [], nextCursor: null });
    for (const id of [s.duplicate, third])
      expect((await h.call("POST", `/v1/posts/${id}/merge`, { key: s.key, json: { into: s.canonical } })).status).toBe(200);

    // Oldest first, a page at a time, each saying where it went.
    const first = await merged(s.canonical, "?limit=1");
    expect(first.status).toBe(200);
    expect(first.body.data.map((p: { title: string; mergedInto: string }) => [p.title, p.mergedInto])).toEqual([["Night theme please", s.canonical]]);
    const second = await merged(s.canonical, `?limit=1&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expect(second.body.data.map((p: { title: string }) => p.title)).toEqual(["Black background"]);
    // A merged post absorbed nothing; another workspace's post is not found.
    expect((await merged(s.duplicate)).body.data).toEqual([]);
    const other = await h.workspace();
    expect((await h.call("GET", `/v1/posts/${s.canonical}/merged`, { key: await other.key() })).status).toBe(404);

    // Unmerged, it leaves the list; deleted, it is left out.
    expect((await h.call("POST", `/v1/posts/${s.duplicate}/unmerge`, { key: s.key })).status).toBe(200);
    expect((await h.call("DELETE", `/v1/posts/${third}`, { key: s.key })).status).toBe(204);
    expect((await merged(s.canonical)).body.data).toEqual([]);
  });
});
