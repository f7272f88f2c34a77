import { describe, expect, it } from "vitest";
import { createBoard } from "../../boards/write.js";
import { publishChangelogEntry } from "../../changelog/publish.js";
import { createChangelogEntry } from "../../changelog/write.js";
import { createComment } from "../../comments/create.js";
import { createPost } from "../../posts/create.js";
import { updatePost } from "../../posts/update.js";
import { useHarness, type TestWorkspace } from "../../../../test/support/harness.js";

// The portal's routes as an end user's browser calls them: what they show (public boards, public
// comments, no team-only fields), what an end user may do, and the limits on it.

const h = useHarness();

/** A workspace with a public and a private board, each with posts, and internal comments. */
async function portalWorld() {
  const ws = await h.workspace();
  const boardId = await ws.boardId();
  const secretBoard = await createBoard({ ctx: ws.ctx, input: { name: "Internal roadmap", visibility: "private" } });
  const shown = await createPost({ ctx: ws.ctx, input: { boardId, title: "Public idea" } });
  const hidden = await createPost({ ctx: ws.ctx, input: { boardId: secretBoard.id, title: "Acquisition plan" } });
  const publicComment = await createComment({ ctx: ws.ctx, input: { postId: shown.id, body: "Thanks, on it" } });
  const internal = await createComment({ ctx: ws.ctx, input: { postId: shown.id, body: "Customer X pays 1M", internal: true } });
  await createComment({ ctx: ws.ctx, input: { postId: shown.id, body: "internal reply", internal: true, parentId: internal.id } });
  const user = await ws.identify();
  return { ws, boardId, secretBoardId: secretBoard.id, shown, hidden, publicComment, internal, user };
}

function get(ws: TestWorkspace, path: string, token?: string) {
  return h.call("GET", `/v1/portal${path}`, { headers: ws.customer(token) });
}

function send(ws: TestWorkspace, method: string, path: string, token: string, json?: unknown) {
  return h.call(method, `/v1/portal${path}`, { headers: ws.customer(token), json });
}

describe("what the portal shows", () => {
  it("never shows a private board, its posts, internal comments or team-only fields", async () => {
    const w = await portalWorld();
    const everything = JSON.stringify([
      (await get(w.ws, "/workspace")).body,
      (await get(w.ws, "/posts?limit=100")).body,
      (await get(w.ws, "/posts?sort=votes&q=acquisition")).body,
      (await get(w.ws, `/posts?boardId=${w.secretBoardId}`)).body,
      (await get(w.ws, "/roadmap")).body,
      (await get(w.ws, `/posts/${w.shown.id}/comments`)).body,
      (await get(w.ws, `/posts/${w.shown.id}`, w.user.token)).body,
    ]);
    expect(everything).toContain("Public idea");
    expect(everything).toContain("Thanks, on it");
    for (const secret of [
      "Internal roadmap",
      "Acquisition plan",
      w.secretBoardId,
      w.hidden.id,
      "Customer X",
      "internal reply",
      w.internal.id,
      "revenue",
      "ownerId",
      '"internal"',
    ]) {
      expect(everything, secret).not.toContain(secret);
    }
    expect((await get(w.ws, `/posts/${w.hidden.id}`)).status).toBe(404);
    expect((await get(w.ws, `/posts/${w.hidden.id}/comments`)).status).toBe(404);
    expect((await send(w.ws, "POST", `/posts/${w.hidden.id}/vote`, w.user.token)).status).toBe(404);
    expect((await send(w.ws, "POST", `/posts/${w.hidden.id}/comments`, w.user.token, { body: "hi" })).status).toBe(404);
    const onPrivate = await send(w.ws, "POST", "/posts", w.user.token, { boardId: w.secretBoardId, title: "x" });
    expect(onPrivate.status).toBe(400);
    expect(onPrivate.body.errors[0].pointer).toBe("/boardId");
    // A reply to an internal comment is refused as if the comment did not exist.
    const reply = await send(w.ws, "POST", `/posts/${w.shown.id}/comments`, w.user.token, { body: "what?", parentId: w.internal.id });
    expect(reply.status).toBe(400);
    expect(reply.body.detail).not.toContain("internal");
  });

  it("ranks and pages like /v1/posts, without the revenue sort", async () => {
    const w = await portalWorld();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await createPost({ ctx: w.ws.ctx, input: { boardId: w.boardId, title: `Idea ${i}` } })).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { data: { id: string }[]; nextCursor: string | null } } = await get(
        w.ws,
        `/posts?sort=oldest&limit=2${cursor ? `&cursor=${cursor}` : ""}`,
      );
      seen.push(...page.body.data.map((p) => p.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([w.shown.id, ...ids]);
    expect((await get(w.ws, "/posts?sort=revenue")).status).toBe(400);
    const apiCursor = (await h.call("GET", "/v1/posts?sort=oldest&limit=1", { key: await w.ws.key() })).body.nextCursor;
    expect((await get(w.ws, `/posts?sort=oldest&limit=1&cursor=${apiCursor}`)).status).toBe(400);
  });

  it("gives the roadmap a column per status the team shows there, each continuing on /portal/posts", async () => {
    const w = await portalWorld();
    const statuses = (await get(w.ws, "/workspace")).body.statuses as { id: string; category: string; onRoadmap: boolean }[];
    const active = statuses.find((s) => s.category === "active")!.id;
    const closed = statuses.find((s) => s.category === "closed")!.id;
    const planned = [];
    for (let i = 0; i < 3; i++) {
      const post = await createPost({ ctx: w.ws.ctx, input: { boardId: w.boardId, title: `Planned ${i}`, statusId: active } });
      planned.push(post.id);
    }
    await createPost({ ctx: w.ws.ctx, input: { boardId: w.boardId, title: "Won't do", statusId: closed } });
    await createPost({ ctx: w.ws.ctx, input: { boardId: w.secretBoardId, title: "Secret planned", statusId: active } });
    const roadmap = (await get(w.ws, "/roadmap?limit=2")).body;
    const columns = roadmap.columns as { status: { id: string }; posts: { id: string }[]; nextCursor: string | null }[];
    expect(columns.map((c) => c.status.id)).toEqual(statuses.filter((s) => s.onRoadmap).map((s) => s.id));
    const column = columns.find((c) => c.status.id === active)!;
    expect(column.posts).toHaveLength(2);
    const rest = (await get(w.ws, `/posts?sort=votes&status=${active}&limit=2&cursor=${column.nextCursor}`)).body;
    expect([...column.posts, ...rest.data].map((p: { id: string }) => p.id).sort()).toEqual([...planned].sort());
    expect(rest.nextCursor).toBeNull();
    expect(JSON.stringify(roadmap)).not.toContain("Won't do");
  });

  it("shows published changelog entries only, with their public posts", async () => {
    const w = await portalWorld();
    const draft = await createChangelogEntry({ ctx: w.ws.ctx, input: { title: "Draft", type: "new" } });
    const shipped = await createChangelogEntry({ ctx: w.ws.ctx, input: { title: "Shipped", type: "new", postIds: [w.shown.id, w.hidden.id] } });
    await publishChangelogEntry({ ctx: w.ws.ctx, input: { id: shipped.id } });
    const res = await get(w.ws, "/changelog");
    expect(res.body).toEqual({
      data: [{ id: shipped.id, title: "Shipped", body: "", type: "new", publishedAt: expect.any(String), posts: [{ id: w.shown.id, title: "Public idea" }] }],
      nextCursor: null,
    });
    expect(JSON.stringify(res.body)).not.toContain(draft.id);
  });

  it("answers an anonymous reader of a private portal with its name only", async () => {
    const w = await portalWorld();
    await h.call("PATCH", "/v1/workspace", { key: await w.ws.key(), json: { portalVisibility: "private" } });
    const anonymous = await get(w.ws, "/workspace");
    expect(anonymous.body).toMatchObject({ portalVisibility: "private", boards: [], statuses: [], viewer: null });
    expect((await get(w.ws, "/posts")).status).toBe(401);
    const identified = await get(w.ws, "/workspace", w.user.token);
    expect(identified.body.boards.length).toBeGreaterThan(0);
    expect(identified.body.viewer).toEqual({ id: w.user.userId, externalId: expect.any(String) });
  });
});

describe("what an end user may do", () => {
  it("posts, votes once, takes the vote back, comments and replies, and sees it all under /me", async () => {
    const w = await portalWorld();
    const token = w.user.token;
    const posted = await send(w.ws, "POST", "/posts", token, { boardId: w.boardId, title: "  Dark mode  ", body: "Please" });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    // With its author's own vote (the workspace's authorVotes, on by default).
    expect(posted.body).toMatchObject({
      title: "Dark mode",
      author: { type: "user", id: w.user.userId },
      status: { category: "open" },
      voteCount: 1,
      viewerHasVoted: true,
    });
    expect(posted.body.ownerId).toBeUndefined();

    expect((await send(w.ws, "POST", `/posts/${w.shown.id}/vote`, token)).body).toEqual({ postId: w.shown.id, voted: true, voteCount: 1 });
    expect((await send(w.ws, "POST", `/posts/${w.shown.id}/vote`, token)).body).toEqual({ postId: w.shown.id, voted: true, voteCount: 1 });
    expect((await get(w.ws, `/posts/${w.shown.id}`, token)).body).toMatchObject({ voteCount: 1, viewerHasVoted: true });
    expect((await get(w.ws, `/posts/${w.shown.id}`)).body.viewerHasVoted).toBe(false);
    const votes = await get(w.ws, "/me/votes", token);
    expect(votes.body.data.map((p: { id: string }) => p.id).sort()).toEqual([w.shown.id, posted.body.id].sort());

    const comment = await send(w.ws, "POST", `/posts/${w.shown.id}/comments`, token, { body: "Me too" });
    expect(comment.status).toBe(201);
    expect(comment.body).toMatchObject({ body: "Me too", author: { id: w.user.userId }, parentId: null });
    expect(comment.body.internal).toBeUndefined();
    const reply = await send(w.ws, "POST", `/posts/${w.shown.id}/comments`, token, { body: "+1", parentId: w.publicComment.id });
    expect(reply.body.parentId).toBe(w.publicComment.id);
    const comments = await get(w.ws, `/posts/${w.shown.id}/comments`);
    expect(comments.body.data.map((c: { body: string }) => c.body)).toEqual(["Thanks, on it", "Me too", "+1"]);
    expect((await get(w.ws, `/posts/${w.shown.id}`)).body.commentCount).toBe(3);

    expect((await get(w.ws, "/me", token)).body).toMatchObject({ user: { id: w.user.userId }, voteCount: 2, postCount: 1 });
    expect((await get(w.ws, "/me/posts", token)).body.data.map((p: { title: string }) => p.title)).toEqual(["Dark mode"]);

    expect((await send(w.ws, "DELETE", `/posts/${w.shown.id}/vote`, token)).body).toEqual({ postId: w.shown.id, voted: false, voteCount: 0 });
    expect((await send(w.ws, "DELETE", `/posts/${w.shown.id}/vote`, token)).body).toEqual({ postId: w.shown.id, voted: false, voteCount: 0 });

    const types = (await h.database.db.selectFrom("outbox").select("type").where("workspace_id", "=", w.ws.id).orderBy("id").execute()).map((r) => r.type);
    expect(types.filter((t) => !t.startsWith("user."))).toEqual(
      expect.arrayContaining(["post.created", "vote.created", "comment.created", "comment.created", "vote.deleted"]),
    );
    const actors = await h.database.db
      .selectFrom("audit_log")
      .select(["action", "actor_type", "actor_id"])
      .where("workspace_id", "=", w.ws.id)
      .where("actor_type", "=", "end_user")
      .execute();
    expect(actors.map((a) => a.action)).toEqual(expect.arrayContaining(["post.created", "vote.created", "comment.created", "vote.deleted"]));
    expect(new Set(actors.map((a) => a.actor_id))).toEqual(new Set([w.user.userId]));
  });

  it("keeps titles, bodies and comments within the portal's lengths", async () => {
    const w = await portalWorld();
    const token = w.user.token;
    expect((await send(w.ws, "POST", "/posts", token, { boardId: w.boardId, title: "x".repeat(201) })).status).toBe(400);
    expect((await send(w.ws, "POST", "/posts", token, { boardId: w.boardId, title: "ok", body: "x".repeat(10_001) })).status).toBe(400);
    expect((await send(w.ws, "POST", "/posts", token, { boardId: w.boardId, title: "   " })).status).toBe(400);
    expect((await send(w.ws, "POST", `/posts/${w.shown.id}/comments`, token, { body: "x".repeat(5_001) })).status).toBe(400);
    expect((await send(w.ws, "POST", `/posts/${w.shown.id}/comments`, token, { body: "x".repeat(5_000) })).status).toBe(201);
  });

  it("caps posts per user per hour with a 429 that says when to retry", async () => {
    const w = await portalWorld();
    await h.call("PATCH", "/v1/workspace", { key: await w.ws.key(), json: { portalPostsPerHour: 2 } });
    const token = w.user.token;
    for (let i = 0; i < 2; i++) expect((await send(w.ws, "POST", "/posts", token, { boardId: w.boardId, title: `Idea ${i}` })).status).toBe(201);
    const refused = await send(w.ws, "POST", "/posts", token, { boardId: w.boardId, title: "One too many" });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("post_limit_reached");
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Another end user has their own allowance.
    const other = await w.ws.identify();
    expect((await send(w.ws, "POST", "/posts", other.token, { boardId: w.boardId, title: "Mine" })).status).toBe(201);
  });

  it("holds the cap when one user submits many posts at once", async () => {
    const w = await portalWorld();
    await h.call("PATCH", "/v1/workspace", { key: await w.ws.key(), json: { portalPostsPerHour: 3 } });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => send(w.ws, "POST", "/posts", w.user.token, { boardId: w.boardId, title: `Burst ${i}` })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(
      statuses.every((s) => s === 201 || s === 429),
      JSON.stringify(statuses),
    ).toBe(true);
    const stored = await h.database.db.selectFrom("posts").select("id").where("workspace_id", "=", w.ws.id).where("author_id", "=", w.user.userId).execute();
    expect(stored).toHaveLength(3);
  });

  it("cannot comment where the team locked comments, nor vote on a merged post", async () => {
    const w = await portalWorld();
    await updatePost({ ctx: w.ws.ctx, input: { id: w.shown.id, patch: { commentsLocked: true } } });
    const locked = await send(w.ws, "POST", `/posts/${w.shown.id}/comments`, w.user.token, { body: "hello" });
    expect(locked.status).toBe(403);
    expect(locked.body.code).toBe("comments_locked");
    const survivor = await createPost({ ctx: w.ws.ctx, input: { boardId: w.boardId, title: "Survivor" } });
    await h.call("POST", `/v1/posts/${w.shown.id}/merge`, { key: await w.ws.key(), json: { into: survivor.id } });
    expect((await get(w.ws, `/posts/${w.shown.id}`)).body.mergedInto).toBe(survivor.id);
    expect((await send(w.ws, "POST", `/posts/${w.shown.id}/vote`, w.user.token)).status).toBe(409);
  });
});
