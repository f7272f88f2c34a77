import { describe, expect, it } from "vitest";
import { useHarness } from "../../../../test/support/harness.js";

// POST /v1/comments/{id}/restore: a hidden comment comes back counted and announced again; a
// rejected one comes back waiting for approval, uncounted and unannounced; another workspace's is
// not found.

const h = useHarness();

describe("restoring a comment", () => {
  it("brings a hidden comment back, counted, with an audit row and a comment.updated event", async () => {
    const ws = await h.workspace();
    const key = await ws.key(["posts:write", "comments:write"]);
    const postId = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Discussed" } })).body.id;
    const comment = (await h.call("POST", `/v1/posts/${postId}/comments`, { key, json: { body: "Good idea" } })).body;
    const count = async () => (await h.call("GET", `/v1/posts/${postId}`, { key })).body.commentCount;
    expect((await h.call("DELETE", `/v1/comments/${comment.id}`, { key })).status).toBe(204);
    expect(await count()).toBe(0);

    const restored = await h.call("POST", `/v1/comments/${comment.id}/restore`, { key: await ws.key(["comments:write"]) });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: comment.id, body: "Good idea", heldForApproval: false });
    expect(await count()).toBe(1);
    expect((await h.call("GET", `/v1/posts/${postId}/comments`, { key })).body.data.map((c: { id: string }) => c.id)).toEqual([comment.id]);
    // Again: nothing changes, nothing is counted twice.
    expect((await h.call("POST", `/v1/comments/${comment.id}/restore`, { key })).status).toBe(200);
    expect(await count()).toBe(1);

    const audit = await h.database.db.selectFrom("audit_log").select("action").where("object_id", "=", comment.id).orderBy("id").execute();
    expect(audit.map((a) => a.action)).toEqual(["comment.created", "comment.deleted", "comment.restored"]);
    const events = await h.database.db
      .selectFrom("outbox")
      .select("type")
      .where("workspace_id", "=", ws.id)
      .where("type", "like", "comment.%")
      .orderBy("id")
      .execute();
    expect(events.map((e) => e.type)).toEqual(["comment.created", "comment.deleted", "comment.updated"]);
  });

  it("brings a rejected comment back to the queue, uncounted and unannounced", async () => {
    const ws = await h.workspace();
    const key = await ws.key(["posts:write", "comments:write"]);
    const postId = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Discussed" } })).body.id;
    const id = (await h.call("POST", `/v1/posts/${postId}/comments`, { key, json: { body: "Cheap watches" } })).body.id;
    // Held as moderation holds an end user's comment: uncounted.
    await h.database.db.updateTable("comments").set({ held: 1 }).where("id", "=", id).execute();
    await h.database.db.updateTable("posts").set({ comment_count: 0 }).where("id", "=", postId).execute();
    expect((await h.call("POST", "/v1/comments/moderate", { key, json: { ids: [id], decision: "reject" } })).body.decided).toBe(1);
    const before = await h.database.db.selectFrom("outbox").select("id").where("workspace_id", "=", ws.id).execute();

    const restored = await h.call("POST", `/v1/comments/${id}/restore`, { key });
    expect(restored.body.heldForApproval).toBe(true);
    expect((await h.call("GET", `/v1/posts/${postId}`, { key })).body).toMatchObject({ commentCount: 0, heldComments: 1 });
    expect(await h.database.db.selectFrom("outbox").select("id").where("workspace_id", "=", ws.id).execute()).toHaveLength(before.length);
    // Waiting again, it can be decided again.
    expect((await h.call("POST", "/v1/comments/moderate", { key, json: { ids: [id], decision: "approve" } })).body.decided).toBe(1);
  });

  it("finds no comment of another workspace", async () => {
    const theirs = await h.workspace();
    const theirKey = await theirs.key(["posts:write", "comments:write"]);
    const postId = (await h.call("POST", "/v1/posts", { key: theirKey, json: { boardId: await theirs.boardId(), title: "Theirs" } })).body.id;
    const id = (await h.call("POST", `/v1/posts/${postId}/comments`, { key: theirKey, json: { body: "Theirs" } })).body.id;
    await h.call("DELETE", `/v1/comments/${id}`, { key: theirKey });
    const ours = await h.workspace();
    expect((await h.call("POST", `/v1/comments/${id}/restore`, { key: await ours.key(["comments:write"]) })).status).toBe(404);
    expect((await h.call("POST", "/v1/comments/cmt_00000000000000000000000000/restore", { key: theirKey })).status).toBe(404);
    // Its own workspace restores it.
    expect((await h.call("POST", `/v1/comments/${id}/restore`, { key: theirKey })).status).toBe(200);
  });
});
