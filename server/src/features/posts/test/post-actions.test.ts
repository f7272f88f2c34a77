import { describe, expect, it } from "vitest";
import { makeUsers } from "../../../../test/support/users.js";
import { useHarness } from "../../../../test/support/harness.js";

const h = useHarness();

describe("post actions", () => {
  it("changes the status with a comment in one step, and the activity tells the story", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const statuses = (await h.call("GET", "/v1/statuses", { key })).body.data;
    const complete = statuses.find((s: { name: string }) => s.name === "Complete");
    const postId = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Dark mode" } })).body.id;
    const [voter] = await makeUsers(h.database.db, ws.id, 1);
    await h.call("POST", `/v1/posts/${postId}/votes`, { key, json: { userId: voter } });

    const changed = await h.call("POST", `/v1/posts/${postId}/status`, { key, json: { statusId: complete.id, comment: { body: "Shipped in 2.4!" } } });
    expect(changed.status).toBe(200);
    expect(changed.body.post.status).toEqual({ id: complete.id, name: "Complete", category: "complete" });
    expect(changed.body.comment).toMatchObject({ body: "Shipped in 2.4!", internal: false, postId });
    expect(changed.body.post.commentCount).toBe(1);

    const event = await h.database.db
      .selectFrom("outbox")
      .select("data")
      .where("workspace_id", "=", ws.id)
      .where("type", "=", "post.status_changed")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(event.data)).toMatchObject({
      previousStatus: { name: "Open" },
      post: { status: { name: "Complete" } },
      comment: { body: "Shipped in 2.4!" },
    });

    const activity = await h.call("GET", `/v1/posts/${postId}/activity`, { key });
    expect(activity.body.data.map((a: { action: string }) => a.action)).toEqual(["post.created", "vote.created", "post.status_changed"]);
    expect(activity.body.data[2]).toMatchObject({
      actor: { type: "api_key", name: "test" },
      data: { fromName: "Open", toName: "Complete", commentId: changed.body.comment.id },
    });

    // Who acted, by name as it is now: an end user's own vote, a member's change; nobody once erased.
    const { userId, token } = await ws.identify("ana");
    expect((await h.call("POST", `/v1/portal/posts/${postId}/vote`, { headers: ws.customer(token) })).status).toBeLessThan(300);
    const named = async () =>
      (await h.call("GET", `/v1/posts/${postId}/activity`, { key })).body.data.find((a: { actor: { id: string } }) => a.actor.id === userId)?.actor;
    expect(await named()).toEqual({ type: "end_user", id: userId, name: "Person ana" });
    expect((await h.call("POST", `/v1/users/${userId}/erase`, { key })).status).toBeLessThan(300);
    expect((await named())?.name ?? null).toBeNull();
  });

  it("needs comments:write for a comment, and rolls everything back when part fails", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const postsOnly = await ws.key(["posts:write"]);
    const planned = (await h.call("GET", "/v1/statuses", { key })).body.data.find((s: { name: string }) => s.name === "Planned");
    const postId = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Export" } })).body.id;

    const refused = await h.call("POST", `/v1/posts/${postId}/status`, { key: postsOnly, json: { statusId: planned.id, comment: { body: "Soon" } } });
    expect(refused.status).toBe(403);
    expect(refused.body.requiredScope).toBe("comments:write");
    const badStatus = await h.call("POST", `/v1/posts/${postId}/status`, {
      key,
      json: { statusId: "sts_01aaaaaaaaaaaaaaaaaaaaaaaa", comment: { body: "Never posted" } },
    });
    expect(badStatus.status).toBe(400);
    const post = (await h.call("GET", `/v1/posts/${postId}`, { key })).body;
    expect(post).toMatchObject({ status: { name: "Open" }, commentCount: 0 });
    expect((await h.call("GET", `/v1/posts/${postId}/comments`, { key })).body.data).toEqual([]);
    expect((await h.call("POST", `/v1/posts/${postId}/status`, { key: postsOnly, json: { statusId: planned.id } })).body.post.status.name).toBe("Planned");
  });

  it("restores a deleted post with its votes", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const postId = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Oops" } })).body.id;
    const [voter] = await makeUsers(h.database.db, ws.id, 1);
    await h.call("POST", `/v1/posts/${postId}/votes`, { key, json: { userId: voter } });
    await h.call("DELETE", `/v1/posts/${postId}`, { key });
    expect((await h.call("GET", `/v1/posts/${postId}`, { key })).status).toBe(404);

    const restored = await h.call("POST", `/v1/posts/${postId}/restore`, { key });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: postId, voteCount: 1 });
    expect((await h.call("GET", "/v1/posts", { key })).body.data.map((p: { id: string }) => p.id)).toContain(postId);
    expect((await h.call("POST", `/v1/posts/${postId}/restore`, { key })).status).toBe(200);
    const actions = (await h.call("GET", `/v1/posts/${postId}/activity`, { key })).body.data.map((a: { action: string }) => a.action);
    expect(actions).toEqual(["post.created", "vote.created", "post.deleted", "post.restored"]);
  });
});
